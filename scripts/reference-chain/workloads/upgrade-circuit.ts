// Workload "upgrade-circuit": x/upgrade's MsgSoftwareUpgrade and MsgCancelUpgrade through gov v1
// proposals (a plan scheduled, one cancelled with no plan, bad plans failing when executed: height in
// the past, 0, empty name, a time), sent directly by an account (not the authority); x/circuit's
// MsgAuthorizeCircuitBreaker (the first super admin by a proposal, then by that admin: some msgs, all
// msgs, none, nil permissions), MsgTripCircuitBreaker and MsgResetCircuitBreaker with their permission
// rules, a tripped type refused at CheckTx and inside authz's MsgExec. Then a plan reaches its height:
// chain-maind halts (its log line, no block past it); a restart refuses; a restart with
// --unsafe-skip-upgrades <h> goes on.

import { spawn } from "node:child_process";
import { createWriteStream, readFileSync } from "node:fs";
import { join } from "node:path";
import type { EncodeObject } from "@cosmjs/proto-signing";
import * as gov from "cosmjs-types/cosmos/gov/v1/tx";
import * as authzTx from "cosmjs-types/cosmos/authz/v1beta1/tx";
import { GenericAuthorization } from "cosmjs-types/cosmos/authz/v1beta1/authz";
import * as upgrade from "cosmjs-types/cosmos/upgrade/v1beta1/tx";
import * as circuit from "cosmjs-types/cosmos/circuit/v1/tx";
import { latestHeight } from "../lib/chain.js";
import { anyOf, registry } from "../lib/msgs.js";
import { CIRCUIT } from "../lib/upgrade-circuit.js";
import type { Recorder, Signer } from "../lib/recorder.js";
import { CRO, GOV, awaitProposals, coin, delegate, msg, pid, proposalV1, send, voteV1, type Ctx } from "./common.js";

export const NAME = "upgrade-circuit";

const SEND = "/cosmos.bank.v1beta1.MsgSend";
const MULTI = "/cosmos.bank.v1beta1.MsgMultiSend";
const DELEGATE = "/cosmos.staking.v1beta1.MsgDelegate";
const UNDELEGATE = "/cosmos.staking.v1beta1.MsgUndelegate";
const amino = { mode: "amino-json" as const };
/** Go's zero time.Time (0001-01-01T00:00:00Z): cosmjs-types encodes Plan.time always, and an empty Timestamp is 1970 to the chain (a time-based plan). */
const ZERO_TIME = -62135596800n;

const CURRENT = "/cosmos/upgrade/v1beta1/current_plan";
const DISABLED = "/cosmos/circuit/v1/disable_list";
const ACCOUNTS = "/cosmos/circuit/v1/accounts";
const account = (a: string) => `/cosmos/circuit/v1/accounts/${a}`;

async function waitQuiet(r: Recorder, ms: number): Promise<number> {
  let last = await latestHeight(r.chain), since = Date.now();
  for (;;) {
    await r.sleep(500);
    const h = await latestHeight(r.chain);
    if (h !== last) { last = h; since = Date.now(); } else if (Date.now() - since > ms) return h;
  }
}

/** Starts chain-maind with extra flags; resolves with its exit code (null if it is still running after `ms`). */
async function startWith(r: Recorder, extra: string[], log: string, ms: number): Promise<number | null> {
  const out = createWriteStream(join(r.chain.home, log));
  const proc = spawn(r.chain.bin, ["start", "--home", r.chain.home, ...extra], { stdio: ["ignore", "pipe", "pipe"] });
  proc.stdout!.pipe(out);
  proc.stderr!.pipe(out);
  r.chain.proc = proc;
  const exited = new Promise<number>((res) => proc.once("exit", (c) => res(c ?? -1)));
  const t = await Promise.race([exited, r.sleep(ms).then(() => null)]);
  return t;
}

/** The log's lines about the plan (ANSI colours removed, a panic's stack cut). */
const upgradeLines = (text: string) => text.split("\n").map((l) => l.replace(/\x1b\[[0-9;]*m/g, ""))
  .filter((l) => /UPGRADE|CONSENSUS FAILURE|handshake/.test(l)).map((l) => l.split(" stack=")[0]!.slice(0, 400)).slice(0, 12);

export async function run({ r, dev, val1 }: Ctx): Promise<void> {
  const [d0, d1, , , , d5, d6, d7, d8] = dev as Signer[];
  const a5 = d5!.address, a6 = d6!.address, a7 = d7!.address, a8 = d8!.address;
  const reg = registry();
  const submit = (messages: EncodeObject[], title: string) => msg("/cosmos.gov.v1.MsgSubmitProposal", gov.MsgSubmitProposal.fromPartial({
    messages: messages.map((m) => reg.encodeAsAny(m)), initialDeposit: [coin(10_000n * CRO)], proposer: d0!.address, metadata: "", title, summary: `${title}: recorded by scripts/reference-chain`, expedited: false,
  }));
  const plan = (name: string, height: bigint, info = "", time?: bigint) => msg("/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade", upgrade.MsgSoftwareUpgrade.fromPartial({
    authority: GOV, plan: { name, height, info, time: { seconds: time ?? ZERO_TIME, nanos: 0 } },
  }));
  const cancel = (authority = GOV) => msg("/cosmos.upgrade.v1beta1.MsgCancelUpgrade", upgrade.MsgCancelUpgrade.fromPartial({ authority }));
  const authorize = (granter: string, grantee: string, level: number | undefined, limitTypeUrls: string[] = []) => msg(`${CIRCUIT}MsgAuthorizeCircuitBreaker`, circuit.MsgAuthorizeCircuitBreaker.fromPartial({
    granter, grantee, ...(level === undefined ? {} : { permissions: { level, limitTypeUrls } }),
  }));
  const trip = (authority: string, urls: string[]) => msg(`${CIRCUIT}MsgTripCircuitBreaker`, circuit.MsgTripCircuitBreaker.fromPartial({ authority, msgTypeUrls: urls }));
  const reset = (authority: string, urls: string[]) => msg(`${CIRCUIT}MsgResetCircuitBreaker`, circuit.MsgResetCircuitBreaker.fromPartial({ authority, msgTypeUrls: urls }));
  const propose = async (label: string, m: EncodeObject[]) => {
    const s = await r.tx(`gov-v1 submit ${label}`, d0!, [submit(m, label)], { queries: (x) => [proposalV1(pid(x))] });
    return s.ok ? pid(s) : 0n;
  };

  r.extra.queries_before = await Promise.all([CURRENT, "/cosmos/upgrade/v1beta1/module_versions", "/cosmos/upgrade/v1beta1/module_versions?module_name=bank",
    "/cosmos/upgrade/v1beta1/module_versions?module_name=nosuch", "/cosmos/upgrade/v1beta1/authority", "/cosmos/upgrade/v1beta1/applied_plan/v8",
    "/cosmos/upgrade/v1beta1/upgraded_consensus_state/5", DISABLED, ACCOUNTS, account(a5)].map((p) => r.query(p)));

  // ---- batch 1: proposals (each passes; the bad plans fail when executed) ----
  const h0 = BigInt(await latestHeight(r.chain));
  const ids1 = [
    await propose("MsgCancelUpgrade with no plan", [cancel()]),
    await propose("MsgAuthorizeCircuitBreaker dev5 super admin", [authorize(GOV, a5, 3)]),
    await propose("MsgSoftwareUpgrade far plan (cancelled later)", [plan("far-plan", h0 + 100_000n, "cancelled later")]),
    await propose("MsgSoftwareUpgrade height in the past (fails)", [plan("past-plan", 2n)]),
    await propose("MsgSoftwareUpgrade empty name (fails)", [plan("", h0 + 1_000n)]),
    await propose("MsgSoftwareUpgrade height 0 (fails)", [plan("zero-plan", 0n)]),
    await propose("MsgSoftwareUpgrade with a time (fails)", [plan("time-plan", h0 + 1_000n, "", 1_900_000_000n)]),
    await propose("MsgSoftwareUpgrade with an empty Timestamp, 1970 (fails)", [plan("epoch-plan", h0 + 1_000n, "", 0n)]),
  ].filter((x) => x > 0n);
  await r.tx("INVALID gov-v1 submit MsgSoftwareUpgrade whose authority is not x/gov", d0!, [submit([{ ...plan("x", h0 + 1_000n), value: { authority: d0!.address, plan: { name: "x", height: h0 + 1_000n, info: "", time: { seconds: ZERO_TIME, nanos: 0 } } } }], "wrong authority")]);
  for (const id of ids1) await r.tx(`gov-v1 vote yes on proposal ${id}`, d1!, [voteV1(d1!.address, id)]);

  // ---- while voting: what fails without the authority ----
  await r.tx("INVALID upgrade MsgSoftwareUpgrade sent directly (authority dev0)", d0!, [{ ...plan("direct", h0 + 1_000n), value: { authority: d0!.address, plan: { name: "direct", height: h0 + 1_000n, info: "", time: { seconds: ZERO_TIME, nanos: 0 } } } }]);
  await r.tx("INVALID upgrade MsgCancelUpgrade sent directly (authority dev0)", d0!, [cancel(d0!.address)]);
  await r.tx("INVALID upgrade MsgSoftwareUpgrade sent directly (authority dev0), amino", d0!, [{ ...plan("direct", h0 + 1_000n), value: { authority: d0!.address, plan: { name: "direct", height: h0 + 1_000n, info: "amino", time: { seconds: ZERO_TIME, nanos: 0 } } } }], amino);
  await r.tx("INVALID upgrade MsgCancelUpgrade sent directly (authority dev0), amino", d0!, [cancel(d0!.address)], amino);
  await r.tx("INVALID circuit trip MsgSend without permissions", d6!, [trip(a6, [SEND])], { queries: [DISABLED] });
  await r.tx("INVALID circuit authorize by an account that is no super admin", d7!, [authorize(a7, a8, 2)]);
  await r.tx("INVALID circuit reset of a type not disabled, without permissions", d6!, [reset(a6, [SEND])]);
  await r.tx("authz grant dev5 → dev7 GenericAuthorization(MsgSend) (setup)", d5!, [msg("/cosmos.authz.v1beta1.MsgGrant", authzTx.MsgGrant.fromPartial({
    granter: a5, grantee: a7, grant: { authorization: anyOf("/cosmos.authz.v1beta1.GenericAuthorization", GenericAuthorization, GenericAuthorization.fromPartial({ msg: SEND })) },
  }))]);
  r.extra.proposals_batch1 = await awaitProposals(r, ids1, 120_000);
  r.extra.queries_after_batch1 = await Promise.all([CURRENT, ACCOUNTS, account(a5), "/cosmos/upgrade/v1beta1/applied_plan/far-plan"].map((p) => r.query(p)));

  // ---- circuit: dev5 is super admin ----
  await r.tx("circuit authorize dev6 LEVEL_SOME_MSGS [MsgSend] by super admin dev5", d5!, [authorize(a5, a6, 1, [SEND])], { queries: [account(a6), ACCOUNTS] });
  await r.tx("INVALID circuit trip MsgMultiSend by dev6 (not in its list)", d6!, [trip(a6, [MULTI])]);
  await r.tx("INVALID circuit trip [MsgSend, MsgMultiSend] by dev6 (the second not in its list)", d6!, [trip(a6, [SEND, MULTI])], { queries: [DISABLED] });
  await r.tx("circuit trip MsgSend by dev6", d6!, [trip(a6, [SEND])], { queries: [DISABLED] });
  await r.tx("INVALID circuit trip MsgSend again (already disabled)", d6!, [trip(a6, [SEND])]);
  await r.tx("INVALID bank send while MsgSend is tripped (refused by the ante)", d0!, [send(d0!.address, a8, CRO)]);
  await r.tx("INVALID authz exec of a MsgSend while tripped", d7!, [msg("/cosmos.authz.v1beta1.MsgExec", authzTx.MsgExec.fromPartial({ grantee: a7, msgs: [reg.encodeAsAny(send(a5, a8, CRO))] }))]);
  await r.tx("circuit reset MsgSend by dev6, amino", d6!, [reset(a6, [SEND])], { ...amino, queries: [DISABLED] });
  await r.tx("INVALID circuit reset MsgSend again (not disabled)", d6!, [reset(a6, [SEND])]);
  await r.tx("bank send after the reset", d0!, [send(d0!.address, a8, CRO)]);
  await r.tx("circuit authorize dev7 LEVEL_ALL_MSGS by dev5, amino", d5!, [authorize(a5, a7, 2)], { ...amino, queries: [account(a7)] });
  await r.tx("circuit trip [MsgDelegate, MsgUndelegate] by dev7 (all msgs), amino", d7!, [trip(a7, [DELEGATE, UNDELEGATE])], { ...amino, queries: [DISABLED] });
  await r.tx("INVALID staking delegate while tripped", d8!, [delegate(a8, val1, CRO)]);
  await r.tx("INVALID circuit reset MsgDelegate by dev8 (no permissions)", d8!, [reset(a8, [DELEGATE])]);
  await r.tx("circuit reset [MsgDelegate, MsgUndelegate] by dev7", d7!, [reset(a7, [DELEGATE, UNDELEGATE])], { queries: [DISABLED] });
  await r.tx("circuit trip MsgMultiSend by super admin dev5", d5!, [trip(a5, [MULTI])], { queries: [DISABLED] });
  await r.tx("circuit authorize dev6 LEVEL_NONE_UNSPECIFIED (revoked) by dev5", d5!, [authorize(a5, a6, 0)], { queries: [account(a6), ACCOUNTS] });
  await r.tx("INVALID circuit reset MsgMultiSend by dev6 (level none)", d6!, [reset(a6, [MULTI])]);
  await r.tx("INVALID circuit authorize with nil permissions", d5!, [authorize(a5, a8, undefined)]);
  await r.tx("INVALID circuit authorize a grantee that is not an address", d5!, [authorize(a5, "cro1notanaddress", 1)]);
  await r.tx("circuit authorize dev8 LEVEL_SUPER_ADMIN by dev5", d5!, [authorize(a5, a8, 3)], { queries: [account(a8)] });
  await r.tx("circuit reset MsgMultiSend by super admin dev8", d8!, [reset(a8, [MULTI])], { queries: [DISABLED, ACCOUNTS] });

  // ---- batch 2: cancel the far plan, then schedule one that halts the chain ----
  const h1 = BigInt(await latestHeight(r.chain));
  const haltHeight = h1 + 55n;
  const ids2 = [
    await propose("MsgCancelUpgrade of the far plan", [cancel()]),
    await propose(`MsgSoftwareUpgrade halt-plan at height ${haltHeight}`, [plan("halt-plan", haltHeight, "{\"binaries\":{}}")]),
  ].filter((x) => x > 0n);
  for (const id of ids2) await r.tx(`gov-v1 vote yes on proposal ${id}`, d1!, [voteV1(d1!.address, id)]);
  r.extra.proposals_batch2 = await awaitProposals(r, ids2, 120_000);
  r.extra.queries_after_batch2 = await Promise.all([CURRENT, DISABLED, ACCOUNTS].map((p) => r.query(p)));

  // ---- the halt ----
  const last = await waitQuiet(r, 8_000);
  const log = readFileSync(join(r.chain.home, "chain.log"), "utf8");
  const halted = { plan_height: Number(haltHeight), latest_height: last, log_lines: upgradeLines(log), queries: await Promise.all([CURRENT, "/cosmos/upgrade/v1beta1/applied_plan/halt-plan", "/cosmos/base/tendermint/v1beta1/blocks/latest"].map((p) => r.query(p))) };
  r.extra.halt = halted;
  r.log(`halted: latest ${last}, plan ${haltHeight}: ${halted.log_lines.join(" | ")}`);

  // ---- restart: refused; then with --unsafe-skip-upgrades ----
  const proc = r.chain.proc;
  if (proc !== undefined) {
    const exited = new Promise<void>((res) => proc.once("exit", () => res()));
    proc.kill("SIGTERM");
    const t = setTimeout(() => proc.kill("SIGKILL"), 15_000);
    await exited;
    clearTimeout(t);
  }
  const code = await startWith(r, [], "restart.log", 40_000);
  let h2: number | string;
  try { h2 = await latestHeight(r.chain); } catch (e) { h2 = `${e}`; }
  r.extra.restart = { exit_code: code, latest_height: h2, log_lines: upgradeLines(readFileSync(join(r.chain.home, "restart.log"), "utf8")) };
  r.log(`restart: exit ${code}, height ${h2}`);
  if (r.chain.proc && r.chain.proc.exitCode === null) {
    const p = r.chain.proc;
    const e = new Promise<void>((res) => p.once("exit", () => res()));
    p.kill("SIGTERM");
    await e;
  }
  const code2 = await startWith(r, ["--unsafe-skip-upgrades", `${haltHeight}`], "restart-skip.log", 20_000);
  let h3: number | string;
  try { h3 = await latestHeight(r.chain); } catch (e) { h3 = `${e}`; }
  r.extra.restart_skip = { flags: ["--unsafe-skip-upgrades", `${haltHeight}`], exit_code: code2, latest_height: h3, log_lines: upgradeLines(readFileSync(join(r.chain.home, "restart-skip.log"), "utf8")) };
  r.log(`restart with skip: exit ${code2}, height ${h3}`);
  if (typeof h3 === "number") {
    await r.sleep(3_000);
    r.extra.queries_after_skip = await Promise.all([CURRENT, "/cosmos/upgrade/v1beta1/applied_plan/halt-plan", DISABLED, ACCOUNTS].map((p) => r.query(p)));
  }
}
