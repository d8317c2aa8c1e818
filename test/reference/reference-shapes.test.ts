// The node's REST answers held to the real chain's (issue 25): every one of the 103 paths that
// chain-maind answered in test/reference-chain/queries.json is asked of a node on the
// default genesis after a small workload of the same kinds (protobuf txs: delegate, undelegate,
// redelegate, a tier lock and its redelegation, a proposal voted on and passed), and compared by
// status, by error code and text, and by JSON shape: key sets, value types (null included) and
// nesting, recursively; a list's items against the chain's items (an Any against the chain's
// Anys of its type). Values that depend on state are not compared, nor the items of a list empty
// on one side (SHAPES_VERBOSE=1 names them). The paths that still differ are KNOWN, each with
// why: a path that starts or stops differing fails the test, so the list stays true.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { create, toBinary } from "@bufbuild/protobuf";
import type { EncodeObject } from "@cosmjs/proto-signing";
import { run, type RunningNode } from "../../host/main.js";
import { loadCore } from "../../host/core/core.js";
import { GOV_MODULE_ADDRESS, devAddress, operatorOf } from "../../host/app/genesis.js";
import { MsgAddTierSchema } from "../../host/wire/gen/chainmain/tieredrewards/v1/tx_pb.js";
import { keplrBody, protoSigner } from "../helpers/cosmjs.js";
import { overHttp, wasm } from "../helpers/node.js";
import { COMETBFT_VERSION } from "../../host/cometbft/home.js";

interface Recorded {
  path: string;
  status: number;
  body: unknown;
}
const RECORDED: Recorded[] = JSON.parse(await readFile(new URL("../reference-chain/queries.json", import.meta.url), "utf8"));

/** Paths whose answer still differs from the chain's, and why (a known difference, not a regression). */
const KNOWN: Record<string, string> = {};

const dir = await mkdtemp(join(tmpdir(), "reference-shapes-"));
const started = await run(
  ["--port", "0", "--rpc-port", "0", "--clock", "simulated", "--db", join(dir, "c.db")], {}, { out: () => {}, err: () => {} },
  { core: await loadCore(wasm) },
);
if (typeof started === "number") throw new Error(`node exited ${started}`);
const running: RunningNode = started;
test.after(async () => {
  await running.close();
  await rm(dir, { recursive: true, force: true });
});
const http = overHttp(running);

/** A protobuf tx of dev key n, through REST, in its own block; its hash and height. */
async function tx(n: number, messages: EncodeObject[]): Promise<{ hash: string; height: string }> {
  const signer = await protoSigner(n, "direct");
  const acct = running.chain.directory.account(signer.address)!;
  const bytes = await signer.sign(messages, { chainId: running.chain.chainId, accountNumber: acct.accountNumber, sequence: acct.sequence });
  const r = await http.post("/cosmos/tx/v1beta1/txs", keplrBody(bytes));
  assert.is(r.json.tx_response.code, 0, r.json.tx_response.raw_log);
  await http.post("/dev/advance?blocks=1");
  const got = await http.get(`/cosmos/tx/v1beta1/txs/${r.json.tx_response.txhash}`);
  assert.is(got.json.tx_response.code, 0, got.json.tx_response.raw_log);
  return { hash: r.json.tx_response.txhash, height: got.json.tx_response.height };
}

const coin = (amount: bigint) => ({ denom: "basecro", amount: `${amount}` });
const [me, owner] = [devAddress(5), devAddress(6)];
const [v1, v2] = [operatorOf(devAddress(1)), operatorOf(devAddress(2))];
const CRO = 100_000_000n;
const delegated = await tx(5, [{ typeUrl: "/cosmos.staking.v1beta1.MsgDelegate", value: { delegatorAddress: me, validatorAddress: v1, amount: coin(10_000n * CRO) } }]);
await tx(5, [{ typeUrl: "/cosmos.staking.v1beta1.MsgUndelegate", value: { delegatorAddress: me, validatorAddress: v1, amount: coin(1_000n * CRO) } }]);
await tx(5, [{ typeUrl: "/cosmos.staking.v1beta1.MsgBeginRedelegate", value: { delegatorAddress: me, validatorSrcAddress: v1, validatorDstAddress: v2, amount: coin(1_000n * CRO) } }]);
await tx(6, [{ typeUrl: "/chainmain.tieredrewards.v1.MsgLockTier", value: { owner, id: 1, amount: `${1_000n * CRO}`, validatorAddress: v1, triggerExitImmediately: false } }]);
const tierBlock = await tx(6, [{ typeUrl: "/chainmain.tieredrewards.v1.MsgTierRedelegate", value: { owner, positionId: 0n, dstValidator: v2 } }]);
const addTier = {
  typeUrl: "/chainmain.tieredrewards.v1.MsgAddTier",
  value: toBinary(MsgAddTierSchema, create(MsgAddTierSchema, {
    authority: GOV_MODULE_ADDRESS, tier: { id: 5, exitDuration: { seconds: 15_768_000n }, bonusApy: "50000000000000000", minLockAmount: `${100n * CRO}`, closeOnly: false },
  })),
};
await tx(5, [{
  typeUrl: "/cosmos.gov.v1.MsgSubmitProposal",
  value: { messages: [addTier], initialDeposit: [coin(10_000n * CRO)], proposer: me, metadata: "", title: "tier 5", summary: "a 6-month tier", expedited: false },
}]);
await tx(1, [{ typeUrl: "/cosmos.gov.v1.MsgVote", value: { proposalId: 1n, voter: devAddress(1), option: 1, metadata: "" } }]);
// Past the voting period, as on the chain when it was asked: the proposal passed, its votes and deposits are gone.
const votingPeriod = (await http.get("/cosmos/gov/v1/params/voting")).json.params.voting_period as string;
await http.post(`/dev/advance?duration=${votingPeriod}`);
// The last two blocks made one by one (a run of empty blocks keeps no signatures): the latest block's last commit is signed.
const send = { typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: me, toAddress: owner, amount: [coin(1n)] } };
await tx(5, [send]);
await tx(5, [send]);

/** The recorded path as this node's: its position, proposal, tx and block of the same kinds. */
const localPath = (path: string) =>
  path.replace("{pos}", "0").replace("{pid}", "1").replace("{hash}", delegated.hash).replace(/\/114$/, `/${tierBlock.height}`);

/** Lists the chain's answer fills and ours leaves empty: their items' shapes are not compared. */
const unverified = new Set<string>();

type Kind = "null" | "boolean" | "number" | "string" | "array" | "object";
const kindOf = (v: unknown): Kind => (v === null ? "null" : Array.isArray(v) ? "array" : (typeof v as Kind));

/** Where `got` has another shape than `want`: paths and what differs there. */
function shapeDiff(want: unknown, got: unknown, at = ""): string[] {
  const [kw, kg] = [kindOf(want), kindOf(got)];
  if (kw !== kg) return [`${at || "."}: ${kw} there, ${kg} here`];
  if (kw === "array") {
    const [w, g] = [want as unknown[], got as unknown[]];
    if (w.length > 0 && g.length === 0) unverified.add(at);
    if (w.length === 0 || g.length === 0) return [];
    // Each element of ours has the shape of some element of the chain's (lists may mix kinds, as
    // accounts do); an Any only that of an Any of its type (which messages a block holds is state).
    for (const [i, item] of g.entries()) {
      const type = (x: unknown) => (kindOf(x) === "object" ? (x as Record<string, unknown>)["@type"] : undefined);
      const peers = type(item) === undefined ? w : w.filter((x) => type(x) === type(item));
      if (peers.length === 0) continue;
      const diffs = peers.map((x) => shapeDiff(x, item, `${at}[${i}]`));
      if (!diffs.some((d) => d.length === 0)) return diffs.reduce((a, b) => (a.length <= b.length ? a : b));
    }
    return [];
  }
  if (kw === "object") {
    const [w, g] = [want as Record<string, unknown>, got as Record<string, unknown>];
    const out: string[] = [];
    for (const k of Object.keys(w)) if (!(k in g)) out.push(`${at}.${k}: missing here`);
    for (const k of Object.keys(g)) if (!(k in w)) out.push(`${at}.${k}: not on the chain`);
    for (const k of Object.keys(w)) if (k in g) out.push(...shapeDiff(w[k], g[k], `${at}.${k}`));
    return out;
  }
  return [];
}

test("every recorded path answers with the chain's status, code and JSON shape, but the known ones", async () => {
  const differing: Record<string, string[]> = {};
  for (const r of RECORDED) {
    const got = await http.get(localPath(r.path));
    const diffs = got.status !== r.status
      ? [`status ${r.status} on the chain, ${got.status} here: ${JSON.stringify(got.json).slice(0, 200)}`]
      : shapeDiff(r.body, got.json);
    const error = r.body as { code: number; message: string };
    if (r.status !== 200 && got.status === r.status && error.code !== got.json.code) diffs.push(`code ${error.code} on the chain, ${got.json.code} here`);
    // An error's text names only what the request named (the same addresses and ids here).
    if (r.status !== 200 && got.status === r.status && error.message !== got.json.message) {
      diffs.push(`message ${JSON.stringify(error.message)} on the chain, ${JSON.stringify(got.json.message)} here`);
    }
    if (diffs.length > 0) differing[r.path] = diffs;
    if (process.env.SHAPES_VERBOSE) for (const at of unverified) console.log(`  (empty here) ${r.path} ${at}`);
    unverified.clear();
  }
  if (process.env.SHAPES_VERBOSE) for (const [p, d] of Object.entries(differing)) console.log(`${p}\n  ${d.slice(0, 8).join("\n  ")}`);
  const same = RECORDED.length - Object.keys(differing).length;
  console.log(`reference shapes: ${same} of ${RECORDED.length} paths as the chain answers them`);
  assert.equal(Object.keys(differing).sort(), Object.keys(KNOWN).sort(), JSON.stringify(differing, null, 1).slice(0, 3000));
});

test("node_info: the CometBFT version the node runs under, the RPC's own address (no port it does not listen on)", async () => {
  const info = (await http.get("/cosmos/base/tendermint/v1beta1/node_info")).json.default_node_info;
  assert.is(`v${info.version}`, COMETBFT_VERSION);
  const rpcAddress = running.rpcUrl!.replace(/^http:/, "tcp:");
  assert.equal([info.listen_addr, info.other.rpc_address], [rpcAddress, rpcAddress]);
});

test("the comparison sees what differs: a key, a type, null for a list, an Any's fields", () => {
  assert.equal(shapeDiff({ a: "1", b: [] }, { a: "2", b: [] }), [], "values and empty lists are state");
  assert.equal(shapeDiff({ a: "1" }, { a: 1 }), [".a: string there, number here"]);
  assert.equal(shapeDiff({ a: "1" }, { b: "1" }), [".a: missing here", ".b: not on the chain"]);
  assert.equal(shapeDiff({ entries: null }, { entries: [] }), [".entries: null there, array here"]);
  const any = (fields: object) => ({ list: [{ "@type": "/x.Msg", ...fields }] });
  assert.equal(shapeDiff(any({ n: "1" }), any({ n: "2" })), []);
  assert.equal(shapeDiff(any({ n: "1" }), any({ m: "1" })), [".list[0].n: missing here", ".list[0].m: not on the chain"]);
  assert.equal(shapeDiff({ list: [{ "@type": "/x.A", n: 1 }] }, { list: [{ "@type": "/x.B", m: 1 }] }), [], "an Any of a type the chain's list lacks");
});

test.run();
