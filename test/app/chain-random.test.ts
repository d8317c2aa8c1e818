// No transaction can halt the chain, randomized: with a fixed seed, thousands of signed txs of every
// message type the node executes, with edge values (zero, one, the whole balance and one more,
// 2^63, 2^64, 2^128 - 1, 2^128, negative and fractional text, unknown and other owners' positions,
// unknown validators, fees from zero to more than the balance, stale and future sequences, the same
// bytes sent again), through the REST route as a client sends them. After every block the chain is
// still making blocks and after every few the ledger's and the positions' invariants hold; at the
// end a restart and a replay from genesis give the last block's state hash.

import { test } from "uvu";
import * as assert from "uvu/assert";
import type { AminoMsg, StdFee } from "@cosmjs/amino";
import { Application } from "../../host/app/application.js";
import { loadCore } from "../../host/core/core.js";
import { GOV_MODULE_ADDRESS, defaultGenesisJson, devAddress, mergeJson, operatorOf } from "../../host/app/genesis.js";
import { broadcastRequest, decodeTx as decodeTxBytes } from "../../host/wire/amino/stdtx.js";

/** A POSTed body's tx decoded, as the node takes it. */
const decodeTx = (body: unknown) => decodeTxBytes(broadcastRequest(body).tx);
import {
  devSigner, withdrawMsg, positionMsg, tierRedelegateMsg, claimTierMsg, updateTierParamsMsg, tierGovMsg, deleteTierMsg,
  type DevSigner,
} from "../helpers/dev-signer.js";
import { nodeHarness, wasm, type TestNode } from "../helpers/node.js";

const TXS = Number(process.env.RANDOM_TXS ?? 4000);
const SEED = 0x5eed_10;
const nodes = await nodeHarness({ prefix: "chain-random-" });
test.after(nodes.remove);

/** mulberry32: a small fixed-seed PRNG (the tests' own; the node reads no randomness). */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  return { next, int, pick };
}

const txHashOf = (body: unknown) => decodeTx(body).hash;
const EDGE_TEXT = ["0", "1", "-1", "1.5", "", "00", "1e3", `${2n ** 63n}`, `${2n ** 64n}`, `${2n ** 128n - 1n}`, `${2n ** 128n}`];

test(`${TXS} random signed txs of every message type with edge values: blocks go on, invariants hold, replay agrees`, async () => {
  const rnd = prng(SEED);
  const dbPath = nodes.freshDb();
  // x/gov with short periods (deposit 2 min, voting 1 min) and no quorum, so proposals end, pass, fail, drop within the run.
  const genesis = mergeJson(defaultGenesisJson(), {
    app_state: { node: { gov_authority: devAddress(0) }, gov: { params: { quorum: "0", max_deposit_period: "120s", voting_period: "60s", expedited_voting_period: "30s", min_deposit: [{ denom: "basecro", amount: "100000000" }], expedited_min_deposit: [{ denom: "basecro", amount: "500000000" }] } } },
  });
  const node: TestNode = await nodes.open({ dbPath, genesis });
  const signers: DevSigner[] = [];
  for (let k = 0; k <= 10; k++) signers.push(await devSigner(k));
  // The genesis validators and those MsgCreateValidator has made since.
  const validators = () => node.chain.directory.validatorIds().map((i) => node.chain.directory.validatorAddress(i)!);
  // A few consensus keys (so some are taken already), one not 32 bytes.
  const consensusKeys = ["AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=", "HxwdHhkaGxgWFRQTEhEQDw4NDAsKCQgHBgUEAwIBAAA=", "qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqo=", "AAEC"];
  const strangers = ["crocncl1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqrq2hyn", "crocncl1notbech32", "cro1tgttncepwc3lfc53fjdl8cyz964k5y3gwvd6q3"];
  const authority = devAddress(0);
  const counts = new Map<string, number>();
  const codes = new Map<string, number>();
  const sent: unknown[] = [];
  let blocks = 0;
  /** The sequence the next tx of a signer needs while its earlier ones wait in the mempool. */
  const pendingSequence = new Map<string, bigint>();
  const signerOf = new Map<string, { address: string; sequence: bigint }>();

  const balanceOf = (address: string): bigint => {
    const id = node.chain.directory.accountId(address);
    return id === undefined ? 0n : node.chain.ledger.balance(id);
  };
  const amount = (address: string): string => {
    const b = balanceOf(address);
    switch (rnd.int(8)) {
      case 0: return rnd.pick(EDGE_TEXT);
      case 1: return `${b}`;
      case 2: return `${b + 1n}`;
      case 3: return `${b / 2n}`;
      case 4: return "10000000000"; // a tier's minimum lock
      default: return `${BigInt(rnd.int(1_000_000)) * 10n ** BigInt(rnd.int(12))}`;
    }
  };
  const positionId = (): bigint => BigInt(rnd.int(40));
  const validator = () => (rnd.int(10) === 0 ? rnd.pick(strangers) : rnd.pick(validators()));
  const coin = (address: string) => ({ denom: rnd.int(20) === 0 ? "uatom" : "basecro", amount: amount(address) });

  const messageFor = (k: number, who: string): AminoMsg => {
    const owner = rnd.int(25) === 0 ? devAddress(rnd.int(9)) : who; // sometimes another owner's
    // The authority mostly governs; others mostly stake, and now and then try to govern.
    const kind = rnd.int(7) === 0 ? 24 + rnd.int(5) : k === 0 && rnd.int(2) === 0 ? 19 + rnd.int(5) : rnd.int(40) === 0 ? 19 + rnd.int(5) : rnd.int(19);
    const live = node.chain.app.gov.listProposals({});
    // The validators (keys 1-4) mostly vote yes on what is in its voting period: some proposals pass and run.
    const voting = live.filter((p) => p.status === 2);
    if (k >= 1 && k <= 4 && voting.length > 0 && rnd.int(3) === 0) {
      return { type: "cosmos-sdk/v1/MsgVote", value: { proposal_id: `${voting[rnd.int(voting.length)]!.id}`, voter: who, option: rnd.int(5) === 0 ? 3 : 1, metadata: "" } };
    }
    if (rnd.int(60) === 0) {
      return {
        type: "cosmos-sdk/MsgCreateValidator",
        value: {
          description: { moniker: rnd.int(10) === 0 ? "m".repeat(71) : `v${k}` },
          commission: rnd.int(4)
            ? { rate: "0.1", max_rate: "0.2", max_change_rate: "0.01" }
            : { rate: rnd.pick(["0.1", "0", "1", "0.3", "-0.1"]), max_rate: rnd.pick(["0.2", "1", "1.5"]), max_change_rate: rnd.pick(["0.01", "0.5"]) },
          min_self_delegation: rnd.pick(["1", "1", "0", "10000000000"]),
          validator_address: rnd.int(8) === 0 ? rnd.pick(validators()) : operatorOf(who),
          pubkey: { type: rnd.int(10) === 0 ? "tendermint/PubKeySecp256k1" : "tendermint/PubKeyEd25519", value: rnd.pick(consensusKeys) },
          value: rnd.int(2) ? { denom: "basecro", amount: "100000000000" } : coin(who),
        },
      };
    }
    if (rnd.int(60) === 0) {
      const keepOr = (x: string) => (rnd.int(2) ? "[do-not-modify]" : x);
      return {
        type: "cosmos-sdk/MsgEditValidator",
        value: {
          description: { moniker: keepOr(rnd.int(10) === 0 ? "m".repeat(71) : `e${k}`), details: keepOr("") },
          validator_address: rnd.int(4) === 0 ? rnd.pick(validators()) : operatorOf(who),
          ...(rnd.int(2) ? { commission_rate: rnd.pick(["0.1", "0", "1", "0.05", "-0.1", "1.5"]) } : {}),
          ...(rnd.int(3) === 0 ? { min_self_delegation: rnd.pick(["1", "2", "0", "10000000000", `${2n ** 128n}`]) } : {}),
        },
      };
    }
    const proposal = () => `${live.length > 0 && rnd.int(4) !== 0 ? live[rnd.int(live.length)]!.id : BigInt(rnd.int(40))}`;
    const option = () => rnd.pick([1, 1, 1, 2, 3, 4, 0, 5]);
    switch (kind) {
      case 24: {
        // Proposal messages: tier changes, a params change, a slash; signed by x/gov, or now and then by someone else.
        const messages = Array.from({ length: rnd.int(3) }, () => {
          const m = messageFor(0, who);
          const inner = rnd.int(4) === 0 ? m : { ...m, value: { ...(m.value as object), ...("authority" in (m.value as object) ? { authority: GOV_MODULE_ADDRESS } : {}) } };
          return inner;
        }).filter((m) => m.type !== "cosmos-sdk/v1/MsgSubmitProposal");
        // No messages: a text proposal (its metadata), or now and then nothing at all (gov 11).
        const long = rnd.int(20) === 0;
        return {
        type: "cosmos-sdk/v1/MsgSubmitProposal",
        value: {
          messages,
          initial_deposit: rnd.int(5) === 0 ? [] : [coin(who)], proposer: who, metadata: long ? "m".repeat(300) : messages.length === 0 && who.charCodeAt(who.length - 1) % 4 !== 0 ? "text" : "",
          title: rnd.int(15) === 0 ? "" : "t", summary: "s", ...(rnd.int(4) === 0 ? { expedited: true } : {}),
        },
        };
      }
      case 25: return { type: "cosmos-sdk/v1/MsgDeposit", value: { proposal_id: proposal(), depositor: who, amount: [coin(who)] } };
      case 26: return { type: "cosmos-sdk/v1/MsgVote", value: { proposal_id: proposal(), voter: who, option: option(), metadata: "" } };
      case 27: return {
        type: "cosmos-sdk/v1/MsgVoteWeighted",
        value: { proposal_id: proposal(), voter: who, metadata: "", options: Array.from({ length: 1 + rnd.int(3) }, () => ({ option: option(), weight: rnd.pick(["0.5", "0.25", "1", "0", "0.333333333333333333", "2", "-1"]) })) },
      };
      case 28: return { type: "/cosmos.gov.v1.MsgCancelProposal", value: { proposal_id: proposal(), proposer: who } };
      case 0: case 1: return { type: "cosmos-sdk/MsgSend", value: { from_address: who, to_address: rnd.int(10) ? devAddress(rnd.int(11)) : rnd.pick(strangers), amount: [coin(who)] } };
      case 2: return { type: "cosmos-sdk/MsgDelegate", value: { delegator_address: who, validator_address: validator(), amount: coin(who) } };
      case 3: return rnd.int(3) === 0
        // Cancel an unbonding: an entry of a recent block (sometimes there is one), or a height never used.
        ? {
          type: "cosmos-sdk/MsgCancelUnbondingDelegation",
          value: {
            delegator_address: who, validator_address: validator(), amount: coin(who),
            creation_height: `${rnd.int(10) === 0 ? rnd.pick([0n, -1n, 10n ** 12n]) : node.chain.latest.height - BigInt(rnd.int(4))}`,
          },
        }
        : { type: "cosmos-sdk/MsgUndelegate", value: { delegator_address: who, validator_address: validator(), amount: coin(who) } };
      case 4: return { type: "cosmos-sdk/MsgBeginRedelegate", value: { delegator_address: who, validator_src_address: validator(), validator_dst_address: validator(), amount: coin(who) } };
      case 5: return withdrawMsg(who, validator());
      case 6: return { type: "cosmos-sdk/MsgWithdrawValCommission", value: { validator_address: validator() } };
      case 7: return { type: "cosmos-sdk/MsgUnjail", value: { validator_addr: validator() } };
      case 8: case 9: return { type: "chainmain/MsgLockTier", value: { owner, id: rnd.int(5), amount: amount(who), validator_address: validator(), trigger_exit_immediately: rnd.int(3) === 0 } };
      case 10: return { type: "chainmain/MsgCommitDelegationToTier", value: { delegator_address: who, validator_address: validator(), amount: amount(who), id: rnd.int(5), trigger_exit_immediately: rnd.int(2) === 0 } };
      case 11: return { type: "chainmain/MsgAddToTierPosition", value: { owner, position_id: `${positionId()}`, amount: amount(who) } };
      case 12: return positionMsg("MsgTriggerExitFromTier", owner, positionId());
      case 13: return positionMsg("MsgClearPosition", owner, positionId());
      case 14: return positionMsg("MsgTierUndelegate", owner, positionId());
      case 15: return positionMsg("MsgWithdrawFromTier", owner, positionId());
      case 16: return { type: "chainmain/MsgExitTierWithDelegation", value: { owner, position_id: `${positionId()}`, amount: amount(who) } };
      case 17: return tierRedelegateMsg(owner, positionId(), validator());
      case 18: return claimTierMsg(owner, Array.from({ length: rnd.int(4) }, positionId));
      case 19: return updateTierParamsMsg(k === 0 ? authority : who, rnd.pick(["0", "0.03", "0.5", "1", "1.5", "-0.1", "0.000000000000000001"]));
      case 20: case 21: return tierGovMsg(rnd.int(2) ? "MsgAddTier" : "MsgUpdateTier", k === 0 ? authority : who, {
        id: rnd.int(6), exit_duration: rnd.pick(["1s", "31536000s", "0s", "-1s", "3600s", `${2n ** 63n}s`]),
        bonus_apy: rnd.pick(["0", "0.02", "0.07", "1", "1.01"]), min_lock_amount: rnd.pick(["0", "1", "10000000000", `${2n ** 64n}`]),
        close_only: rnd.int(4) === 0,
      });
      case 22: return deleteTierMsg(k === 0 ? authority : who, rnd.int(6));
      default: return {
        type: "chainmain-dev/MsgSlashValidator",
        value: { authority: k === 0 ? authority : who, validator_address: validator(), slash_fraction: rnd.pick(["0.01", "0.05", "0", "1", "1.1"]), jail: rnd.int(4) === 0 },
      };
    }
  };

  const feeFor = (address: string): StdFee => {
    const b = balanceOf(address);
    const amount = rnd.int(8) ? 5000n : rnd.pick([0n, 1n, b, b + 1n, b / 3n, 2n ** 64n]);
    return { amount: amount === 0n && rnd.int(2) ? [] : [{ denom: "basecro", amount: `${amount}` }], gas: rnd.int(10) ? "200000" : rnd.pick(["1", "0"]) };
  };

  // Two proposals decided before the random txs start, whatever those do later (cancel, drop): the
  // authority's text proposals, one the validators pass and one they reject.
  const sendNow = async (k: number, msgs: AminoMsg[]) => {
    const s = signers[k]!;
    const acct = node.chain.directory.account(s.address)!;
    const body = await s.sign(msgs, {
      chainId: node.chain.chainId, accountNumber: acct.accountNumber, sequence: acct.sequence,
      fee: { amount: [{ denom: "basecro", amount: "5000" }], gas: "400000" }, memo: "", mode: "sync",
    });
    const r = await node.post("/txs", body);
    assert.is(r.json.tx_response.code, 0, r.json.tx_response.raw_log);
  };
  const anchorDeposit = [{ denom: "basecro", amount: "100000000" }];
  for (const title of ["passes", "is rejected"]) {
    await sendNow(0, [{ type: "cosmos-sdk/v1/MsgSubmitProposal", value: { messages: [], initial_deposit: anchorDeposit, proposer: authority, metadata: "text", title, summary: "s" } }]);
    await node.post("/dev/advance?blocks=1");
  }
  const [passing, rejected] = node.chain.app.gov.listProposals({}).map((p) => p.id);
  for (let k = 1; k <= 4; k++) {
    await sendNow(k, [
      { type: "cosmos-sdk/v1/MsgVote", value: { proposal_id: `${passing}`, voter: signers[k]!.address, option: 1, metadata: "" } },
      { type: "cosmos-sdk/v1/MsgVote", value: { proposal_id: `${rejected}`, voter: signers[k]!.address, option: 3, metadata: "" } },
    ]);
  }
  await node.post("/dev/advance?duration=2m");
  assert.equal([passing, rejected].map((id) => node.chain.app.gov.proposal(id!)?.status), [3, 4], "the anchor proposals passed and were rejected");

  for (let n = 0; n < TXS; ) {
    const perBlock = 1 + rnd.int(30);
    for (let j = 0; j < perBlock && n < TXS; j++, n++) {
      let body: unknown;
      if (sent.length > 0 && rnd.int(12) === 0) {
        body = rnd.pick(sent); // the same signed bytes again, whatever became of them
      } else {
        const k = rnd.int(15) === 0 ? 9 + rnd.int(2) : rnd.int(9); // keys 9 and 10 have no account at first
        const s = signers[k]!;
        const acct = node.chain.directory.account(s.address);
        const next = pendingSequence.get(s.address) ?? acct?.sequence ?? 0n;
        const msgs = Array.from({ length: 1 + (rnd.int(6) === 0 ? rnd.int(4) : 0) }, () => messageFor(k, s.address));
        for (const m of msgs) counts.set(m.type, (counts.get(m.type) ?? 0) + 1);
        const sequence = next + BigInt(rnd.int(8) === 0 ? rnd.pick([1, 2, -1]) : 0);
        body = await s.sign(msgs, {
          chainId: rnd.int(100) === 0 ? "other-chain" : node.chain.chainId,
          accountNumber: acct?.accountNumber ?? 99n, sequence: sequence < 0n ? 0n : sequence, fee: feeFor(s.address),
          memo: rnd.int(20) === 0 ? "x".repeat(rnd.int(300)) : "",
          mode: rnd.int(10) === 0 ? "async" : "sync",
        });
        sent.push(body);
        signerOf.set(txHashOf(body), { address: s.address, sequence });
      }
      const r = await node.post("/txs", body);
      assert.is(r.status, 200, JSON.stringify(r.json));
      const key = `${r.json.tx_response.codespace}/${r.json.tx_response.code}`;
      if (r.json.tx_response.code === 0) {
        const signer = (body as { tx: { msg: unknown[] } }).tx && signerOf.get(r.json.tx_response.txhash);
        if (signer) pendingSequence.set(signer.address, signer.sequence + 1n);
      }
      codes.set(key, (codes.get(key) ?? 0) + 1);
    }
    const step = rnd.int(40) === 0 ? "/dev/advance?duration=720h" : "/dev/advance?blocks=1";
    const adv = await node.post(step);
    pendingSequence.clear();
    assert.is(adv.status, 200, `block after ${n} txs: ${JSON.stringify(adv.json)}`);
    assert.is(node.chain.halted, null);
    blocks++;
    if (blocks % 10 === 0) assert.equal(node.chain.app.checkInvariants(), [], `invariants after ${n} txs`);
  }
  assert.equal(node.chain.app.checkInvariants(), []);
  console.log(`  ${TXS} txs over ${blocks} blocks; check results: ${[...codes].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k || "ok"} ${v}`).join(", ")}`);
  const committed = [...codes].filter(([k]) => k === "/0").reduce((t, [, v]) => t + v, 0);
  assert.ok(committed > TXS / 4, `enough txs got through check (${committed}): ${JSON.stringify([...codes])}`);
  assert.ok(validators().length > 4, `MsgCreateValidator made validators: ${validators().length - 4}`);
  assert.is(counts.size, 30, `every message type was sent: ${[...counts.keys()]}`);
  const proposals = node.chain.app.gov.listProposals({});
  console.log(`  x/gov: ${proposals.length} proposals left, by status ${JSON.stringify(proposals.reduce((m, p) => ({ ...m, [p.status]: ((m as Record<number, number>)[p.status] ?? 0) + 1 }), {}))}`);
  assert.ok(proposals.some((p) => p.status === 3) && proposals.some((p) => p.status >= 4), "proposals passed, and others were rejected or failed");
  const top = node.chain.latestBlock();
  await node.chain.close();

  const again = await nodes.open({ dbPath });
  try {
    assert.equal(again.chain.latestBlock(), top, "restart: the same last block and state hash");
  } finally {
    await again.chain.close();
  }
  assert.equal(Application.replay(await loadCore(wasm), dbPath), top, "replay from genesis");
});

test.run();
