// Tier exit durations never wrap (issue 10, "Found 4"). The reference holds them as Go
// time.Duration, int64 nanoseconds: the longest whole-second duration is 9,223,372,036 s, and
// anything longer is refused with the reference's own error (host/wire/duration.ts) at every entry —
// the genesis, MsgAddTier / MsgUpdateTier at CheckTx, the core's tier API — while an exit whose
// unlock time would pass the core's last time (int64 ns since 1970: 2262-04-11) is refused
// instead of being stored wrapped. Before the fix 2^64+1 s was stored as 1 s, a 2^63 s tier
// unlocked 30 s after locking and a 10^10 s tier unlocked in 1758.

import { test } from "uvu";
import * as assert from "uvu/assert";
import type { AminoMsg } from "@cosmjs/amino";
import { defaultGenesisJson, devAddress, genesisWithOverride, mergeJson, type Json } from "../../../host/app/genesis.js";
import { ValidationError } from "../../../host/errors.js";
import { MessageRegistry, validateAmino } from "../../../host/app/registry.js";
import { TxError } from "../../../host/wire/errors.js";
import type { MsgTierGov } from "../../../host/modules/tieredrewards/validate.js";
import { tieredRewardsModule } from "../../../host/modules/tieredrewards/module.js";
import { create } from "@bufbuild/protobuf";
import { MsgAddTierSchema, MsgUpdateTierSchema } from "../../../host/wire/gen/chainmain/tieredrewards/v1/tx_pb.js";
import { MAX_DURATION_SECONDS, protoDurationError, txDurationError } from "../../../host/wire/duration.js";
import { TierError, Tiers } from "../../../host/core/tiers.js";
import { loadCore } from "../../../host/core/core.js";
import { core } from "../../helpers/core.js";
import { Emission, DEFAULT_EMISSION_PARAMS } from "../../../host/core/emission.js";
import { Ledger, FIRST_USER_ACCOUNT } from "../../../host/core/ledger.js";
import { MAX_DURATION_NS } from "../../../host/wire/duration.js";
import { committedTx as tx, nodeHarness, signedBy, wasm, type TestNode as Node } from "../../helpers/node.js";
import { lockTierMsg, positionMsg, tierGovMsg } from "../../helpers/dev-signer.js";

const GOV = devAddress(0);
const USER = devAddress(5);
const TR = "/chainmain/tieredrewards/v1";
const MAX = MAX_DURATION_SECONDS; // 9223372036
const shown = (s: bigint) => `&durationpb.Duration{Seconds: ${s},\nNanos: 0,\n}`;
const tooLongForGo = (s: bigint) => `duration: ${shown(s)} is out of range for time.Duration`;
const beyondProto = (s: bigint) => `duration: ${shown(s)}: seconds out of range`;
const txLog = (e: string) => `unable to convert messagev2 to messagev1: ${e}`;

/** The durations of the issue, and the edges around int64 nanoseconds. */
const CASES: { text: string; seconds: bigint; error?: string }[] = [
  { text: "18446744073709551617s", seconds: (1n << 64n) + 1n, error: beyondProto((1n << 64n) + 1n) }, // was stored as 1 s
  { text: "9223372036854775808s", seconds: 1n << 63n, error: beyondProto(1n << 63n) }, // unlocked 30 s after locking
  { text: "10000000000s", seconds: 10n ** 10n, error: tooLongForGo(10n ** 10n) }, // unlocked in 1758
  { text: "315576000001s", seconds: 315_576_000_001n, error: beyondProto(315_576_000_001n) },
  { text: "315576000000s", seconds: 315_576_000_000n, error: tooLongForGo(315_576_000_000n) },
  { text: "9223372037s", seconds: MAX + 1n, error: tooLongForGo(MAX + 1n) }, // max + 1
  { text: "9223372036s", seconds: MAX }, // the largest that fits int64 ns
  { text: "-9223372037s", seconds: -MAX - 1n, error: tooLongForGo(-MAX - 1n) },
];

test("the reference's range: 9223372036 s fits int64 ns, 9223372037 s does not; texts as gogoproto's DurationFromProto", () => {
  assert.is(MAX, 9_223_372_036n);
  assert.ok(MAX * 1_000_000_000n <= (1n << 63n) - 1n && (MAX + 1n) * 1_000_000_000n > (1n << 63n) - 1n);
  for (const c of CASES) assert.is(protoDurationError(c.seconds), c.error, c.text);
  assert.is(protoDurationError(-MAX), undefined, "a negative duration in range decodes (and fails Validate)");
  assert.is(protoDurationError(0n), undefined);
  assert.is(txDurationError(MAX + 1n), txLog(tooLongForGo(MAX + 1n)));
});

// ---- genesis ---------------------------------------------------------------------------------

const genesisError = (exit: string): ValidationError | undefined => {
  const base = defaultGenesisJson() as any;
  try {
    genesisWithOverride({ app_state: { tieredrewards: { tiers: [{ ...base.app_state.tieredrewards.tiers[0], exit_duration: exit }] } } }, core.dec);
    return undefined;
  } catch (e) {
    if (e instanceof ValidationError) return e;
    throw e;
  }
};

test("genesis: a tier exit duration beyond int64 ns is refused with jsonpb's error and the field path; the max fits", () => {
  const path = "app_state.tieredrewards.tiers[0].exit_duration";
  for (const c of CASES) {
    const e = genesisError(c.text);
    if (c.error === undefined) {
      assert.is(e, undefined, c.text);
    } else {
      assert.ok(e, c.text);
      assert.is(e!.message, `${path}: bad Duration: time: invalid duration "${c.text}"`);
    }
  }
  assert.match(genesisError("0s")!.message, "app_state.tieredrewards.tiers[0]: exit duration must be positive");
  assert.match(genesisError("-5s")!.message, "app_state.tieredrewards.tiers[0]: exit duration must be positive");
  // The max is kept exactly, in seconds.
  const base = defaultGenesisJson() as any;
  const g = genesisWithOverride({ app_state: { tieredrewards: { tiers: [{ ...base.app_state.tieredrewards.tiers[0], exit_duration: `${MAX}s` }] } } }, core.dec);
  assert.is(g.tieredrewards.tiers[0]!.exitDurationNs, MAX * 1_000_000_000n);
});

test("genesis: unbonding_time shares the rule (int64 ns)", () => {
  const err = (t: string) => {
    try {
      genesisWithOverride({ app_state: { staking: { params: { unbonding_time: t } } } }, core.dec);
      return "";
    } catch (e) {
      return (e as Error).message;
    }
  };
  assert.is(err("9223372037s"), 'app_state.staking.params.unbonding_time: bad Duration: time: invalid duration "9223372037s"');
  assert.is(err("18446744073709551617s"), 'app_state.staking.params.unbonding_time: bad Duration: time: invalid duration "18446744073709551617s"');
});

test("genesis: a genesis (or node_state) time outside int64 ns since 1970 is refused, not wrapped into the core", () => {
  const err = (o: Json) => {
    try {
      genesisWithOverride(o, core.dec);
      return "";
    } catch (e) {
      return (e as Error).message;
    }
  };
  const range = "1677-09-21T00:12:43.145224192Z to 2262-04-11T23:47:16.854775807Z (int64 nanoseconds since 1970)";
  for (const t of ["9999-12-31T23:59:59Z", "2262-04-11T23:47:16.854775808Z", "1677-09-21T00:12:43.145224191Z", "0001-01-01T00:00:00Z"]) {
    assert.is(err({ genesis_time: t }), `genesis_time: time "${t}" is outside this node's range: ${range}`);
  }
  assert.is(err({ genesis_time: "2262-04-11T23:47:16.854775807Z" }), "");
  assert.is(err({ genesis_time: "1677-09-21T00:12:43.145224192Z" }), "");
  const nodeState = { height: "5", time: "2263-01-01T00:00:00Z", block_hash: "AB".repeat(32), records: [], accounts: [] };
  assert.is(err({ app_state: { node_state: nodeState } }), `app_state.node_state.time: time "2263-01-01T00:00:00Z" is outside this node's range: ${range}`);
});

// ---- the message decoder (CheckTx) ----------------------------------------------------------

const registry = new MessageRegistry([tieredRewardsModule]);
const T = { AddTier: "chainmain/MsgAddTier", UpdateTier: "chainmain/MsgUpdateTier" } as const;
/** A legacy StdTx's message (amino JSON, converted to protobuf on arrival), through its definition. */
const validate = (type: string, value: Record<string, unknown>) => validateAmino(registry.entryOfAmino(type)!, value, { prefix: "cro" });

test("MsgAddTier / MsgUpdateTier: out of range is the reference's decode error (undefined / 1), signed durations in range decode", () => {
  for (const type of [T.AddTier, T.UpdateTier]) {
    for (const c of CASES) {
      const value = { authority: GOV, tier: { id: 4, exit_duration: c.text, bonus_apy: "0.01", min_lock_amount: "1" } };
      if (c.error === undefined) {
        assert.is((validate(type, value) as MsgTierGov).tier.exitDurationSeconds, c.seconds);
        continue;
      }
      try {
        validate(type, value);
        assert.unreachable(`${type} ${c.text} decoded`);
      } catch (e) {
        assert.instance(e, TxError);
        const t = e as TxError;
        assert.equal([t.codespace, t.code, t.log, t.stage], ["undefined", 1, txLog(c.error), "decode"]);
      }
    }
    const neg = validate(type, { authority: GOV, tier: { id: 4, exit_duration: "-5s", bonus_apy: "0.01" } }) as MsgTierGov;
    assert.is(neg.tier.exitDurationSeconds, -5n);
  }
});

test("MsgAddTier / MsgUpdateTier as protobuf messages: a Duration's seconds past int64 ns are the same decode error, in range they decode", () => {
  for (const schema of [MsgAddTierSchema, MsgUpdateTierSchema]) {
    const def = registry.entry(`/${schema.typeName}`);
    assert.ok(def);
    const validatePb = (seconds: bigint) => def!.def.validate(
      create(schema, { authority: GOV, tier: { id: 4, exitDuration: { seconds }, bonusApy: "10000000000000000", minLockAmount: "1" } }),
      { prefix: "cro" },
    ) as MsgTierGov;
    // Seconds a protobuf int64 holds (2^63 and 2^64 + 1 do not: only amino JSON can carry them).
    for (const c of CASES.filter((c) => BigInt.asIntN(64, c.seconds) === c.seconds)) {
      if (c.error === undefined) {
        assert.is(validatePb(c.seconds).tier.exitDurationSeconds, c.seconds);
        continue;
      }
      try {
        validatePb(c.seconds);
        assert.unreachable(`${schema.typeName} ${c.text} decoded`);
      } catch (e) {
        assert.instance(e, TxError);
        const t = e as TxError;
        assert.equal([t.codespace, t.code, t.log, t.stage], ["undefined", 1, txLog(c.error), "decode"]);
      }
    }
    assert.is(validatePb(-5n).tier.exitDurationSeconds, -5n);
    assert.is(validatePb(-MAX).tier.exitDurationSeconds, -MAX);
  }
});

// ---- the core's tier API ----------------------------------------------------------------------

test("the core's tier API never wraps: beyond u64 or int64 ns is refused before the core, and the core refuses it too", async () => {
  const c = await loadCore(wasm);
  const tiers = new Tiers(c);
  const tier = (exitDuration: bigint, id = 9) => ({ id, exitDuration, bonusApy: 10n ** 16n, minLockAmount: 1n, closeOnly: false });
  for (const s of [(1n << 64n) + 1n, 1n << 63n, 10n ** 10n, MAX + 1n]) {
    try {
      tiers.addTier(tier(s));
      assert.unreachable(`${s} added`);
    } catch (e) {
      assert.instance(e, TierError);
      assert.equal([(e as TierError).codespace, (e as TierError).code, (e as TierError).message], ["undefined", 1, protoDurationError(s)]);
    }
    assert.is(tiers.tier(9), undefined, `${s}: nothing stored`);
  }
  // The core itself (no host check): a u64 above the max is its own error, with the seconds.
  const x = c.exports as any;
  assert.is(x.tiersAddTier(9, 1n << 63n, c.slot(0), c.slot(1), 0), 143);
  assert.is(BigInt.asUintN(64, x.lastErrorArg()), 1n << 63n);
  // Negative and zero: Validate's "exit duration must be positive", after the tier id rule.
  for (const s of [0n, -1n, -MAX]) {
    try {
      tiers.addTier(tier(s));
      assert.unreachable();
    } catch (e) {
      assert.is((e as Error).message, "exit duration must be positive");
    }
  }
  try {
    tiers.addTier(tier(-5n, 0));
    assert.unreachable();
  } catch (e) {
    assert.is((e as TierError).code, 27, "tier id 0 is checked first");
  }
  tiers.addTier(tier(MAX));
  assert.is(tiers.tier(9)!.exitDuration, MAX, "the max is stored exactly");
});

// ---- staking: the other duration added to a time ------------------------------------------

test("staking: an unbonding or redelegation completing past 2262 saturates at the last time, never wraps to a past one", async () => {
  const c = await loadCore(wasm);
  const emission = new Emission(c);
  const ledger = new Ledger(c);
  const [opA, opB, alice] = [FIRST_USER_ACCOUNT, FIRST_USER_ACCOUNT + 1, FIRST_USER_ACCOUNT + 2];
  const funds = 10n ** 13n;
  emission.configure(DEFAULT_EMISSION_PARAMS);
  emission.setState({ height: 0n, totalSupply: 3n * funds, burned: 0n });
  ledger.configure({ communityTax: 0n, targetBaseRewardsRate: 0n });
  ledger.configureStaking(100, 1_000_000n, MAX_DURATION_NS); // the longest unbonding_time the genesis takes
  for (const a of [opA, opB, alice]) ledger.genesisBalance(a, funds);
  ledger.createValidatorWithSelfDelegation(0, opA, 10n ** 17n, 10n ** 12n, 0n);
  ledger.createValidatorWithSelfDelegation(1, opB, 10n ** 17n, 10n ** 12n, 1n);
  const t2026 = 1_767_225_600n * 1_000_000_000n;
  let height = 0n;
  const block = () => {
    height += 1n;
    const t = t2026 + height * 5_000_000_000n;
    ledger.beginBlock(height, ledger.lastCommitVotes(), t);
    ledger.endBlock(height, t);
  };
  block();
  ledger.delegate(alice, 0, 10n ** 12n);
  block();
  const last = MAX_DURATION_NS; // 2262-04-11T23:47:16.854775807Z
  assert.is(ledger.undelegate(alice, 0, 10n ** 11n).completionTime, last, "2026 + 292 years: saturated (it wrapped to 1734 before)");
  assert.is(ledger.redelegate(alice, 0, 1, 10n ** 11n).completionTime, last);
  block();
  block();
  assert.is(ledger.unbondingEntries(alice).length, 1, "the unbonding has not matured");
  assert.equal(ledger.unbondingEntries(alice).map((e) => e.completionTime), [last]);
});

// ---- through the node ------------------------------------------------------------------------

const nodes = await nodeHarness({ prefix: "tier-durations-" });
test.after(nodes.remove);

const govTier = (id: number, exit: string) => ({ id, exit_duration: exit, bonus_apy: "0.010000000000000000", min_lock_amount: "1", close_only: false });
const failed = (log: string) => `failed to execute message; message index: 0: ${log}`;

async function checkTx(node: Node, n: number, msgs: AminoMsg[]) {
  const r = await node.post("/txs", await signedBy(node, n, msgs));
  assert.is(r.status, 200);
  return r.json.tx_response;
}

test("node: MsgAddTier / MsgUpdateTier beyond int64 ns are refused at CheckTx (nothing queued); negative and zero fail in the block; the max is accepted", async () => {
  const node = await nodes.open();
  try {
    for (const name of ["MsgAddTier", "MsgUpdateTier"] as const) {
      for (const c of CASES.filter((c) => c.error !== undefined)) {
        const r = await checkTx(node, 0, [tierGovMsg(name, GOV, govTier(name === "MsgAddTier" ? 7 : 1, c.text))]);
        assert.equal([r.codespace, r.code, r.raw_log], ["undefined", 1, txLog(c.error!)], `${name} ${c.text}`);
        assert.is(node.chain.pending, 0);
      }
      for (const exit of ["0s", "-5s", "-9223372036s"]) {
        const r = await tx(node, 0, [tierGovMsg(name, GOV, govTier(name === "MsgAddTier" ? 7 : 1, exit))]);
        assert.equal([r.codespace, r.code, r.raw_log], ["undefined", 1, failed("exit duration must be positive")], `${name} ${exit}`);
      }
    }
    const tiers = async () => (await node.get(`${TR}/tiers`)).json.tiers as any[];
    assert.equal((await tiers()).map((t) => t.exit_duration), ["31536000s", "63072000s", "126144000s"], "nothing changed");

    const added = await tx(node, 0, [tierGovMsg("MsgAddTier", GOV, govTier(7, `${MAX}s`))]);
    assert.is(added.code, 0, added.raw_log);
    const updated = await tx(node, 0, [tierGovMsg("MsgUpdateTier", GOV, govTier(1, `${MAX}s`))]);
    assert.is(updated.code, 0, updated.raw_log);
    assert.equal((await tiers()).map((t) => [t.id, t.exit_duration]), [[1, "9223372036s"], [2, "63072000s"], [3, "126144000s"], [7, "9223372036s"]]);
    assert.equal(node.chain.app.checkInvariants(), []);
  } finally {
    await node.chain.close();
  }
});

test("node: an exit whose unlock time would pass 2262-04-11 is refused, never wrapped; one that fits unlocks at trigger + duration exactly", async () => {
  const node = await nodes.open();
  try {
    const v0 = node.chain.directory.validatorAddress(0)!;
    // 8e9 s (253 years) from 2026 passes 2262; 7e9 s (222 years) and 1e9 s do not.
    for (const [id, exit] of [[7, "8000000000s"], [8, "7000000000s"], [9, "1000000000s"], [10, `${MAX}s`]] as const) {
      const r = await tx(node, 0, [tierGovMsg("MsgAddTier", GOV, govTier(id, exit))]);
      assert.is(r.code, 0, r.raw_log);
    }
    const outOfRange = (secs: string) =>
      failed(`exit unlock time out of range: block time + exit duration ${secs}s is after 2262-04-11T23:47:16.854775807Z, the last time this node represents`);
    const balance = () => node.chain.ledger.balance(node.chain.directory.accountId(USER)!);

    // Lock with an immediate exit: refused before anything moves (only the fee is taken).
    for (const [id, secs] of [[7, "8000000000"], [10, `${MAX}`]] as const) {
      const before = balance();
      const r = await tx(node, 5, [lockTierMsg(USER, id, 1_000_000n, v0, true)]);
      assert.equal([r.codespace, r.code, r.raw_log], ["undefined", 1, outOfRange(secs)]);
      assert.is(balance(), before - 5000n, "only the fee");
    }

    // Lock without, then trigger: the trigger is refused and the position stays active.
    const lock = await tx(node, 5, [lockTierMsg(USER, 7, 1_000_000n, v0)]);
    assert.is(lock.code, 0, lock.raw_log);
    const id = BigInt(JSON.parse(lock.events.find((e: any) => e.type.endsWith("EventPositionCreated")).attributes.find((a: any) => a.key === "position").value).id);
    const trig = await tx(node, 5, [positionMsg("MsgTriggerExitFromTier", USER, id)]);
    assert.equal([trig.codespace, trig.code, trig.raw_log], ["undefined", 1, outOfRange("8000000000")]);
    const pos = (await node.get(`${TR}/position/${id}`)).json.position;
    assert.is(pos.exit_triggered_at, "0001-01-01T00:00:00Z");
    assert.is(pos.exit_unlock_at, "0001-01-01T00:00:00Z");

    // Tiers whose unlock fits: the unlock is the trigger's block time + the duration, exactly.
    for (const [tierId, secs] of [[8, 7_000_000_000n], [9, 1_000_000_000n]] as const) {
      const r = await tx(node, 5, [lockTierMsg(USER, tierId, 1_000_000n, v0, true)]);
      assert.is(r.code, 0, r.raw_log);
      const created = JSON.parse(r.events.find((e: any) => e.type.endsWith("EventPositionCreated")).attributes.find((a: any) => a.key === "position").value);
      const trigNs = BigInt(Date.parse(created.exit_triggered_at)) * 1_000_000n;
      const unlockNs = BigInt(Date.parse(created.exit_unlock_at)) * 1_000_000n;
      assert.is(unlockNs - trigNs, secs * 1_000_000_000n, `tier ${tierId}: ${created.exit_triggered_at} -> ${created.exit_unlock_at}`);
      assert.ok(unlockNs > trigNs);
    }
    assert.equal(node.chain.app.checkInvariants(), []);
  } finally {
    await node.chain.close();
  }
});

test("node: a genesis with the max exit duration starts; one past it does not", async () => {
  const base = defaultGenesisJson() as any;
  const withExit = (exit: string): Json =>
    mergeJson(defaultGenesisJson(), { app_state: { tieredrewards: { tiers: [{ ...base.app_state.tieredrewards.tiers[0], exit_duration: exit }] } } });
  const node = await nodes.open({ genesis: withExit(`${MAX}s`) });
  try {
    assert.is((await node.get(`${TR}/tiers`)).json.tiers[0].exit_duration, "9223372036s");
  } finally {
    await node.chain.close();
  }
  try {
    const bad = await nodes.open({ genesis: withExit("18446744073709551617s") });
    await bad.chain.close();
    assert.unreachable("a 2^64+1 s genesis tier started");
  } catch (e) {
    assert.match((e as Error).message, 'bad Duration: time: invalid duration "18446744073709551617s"');
  }
});

test.run();
