// A mainnet-sized state for `npm run bench -- scale`, written directly as the SDK's exported
// genesis document (no tx per record): the 100 validators of a generated testnet genesis (gentxs,
// host/cometbft/testnet-genesis.ts) exported at height 0 by the node itself, then N accounts laid
// over it, each with a balance, an x/auth account and a delegation (to validator i mod 100, with
// its F1 starting info at the validator's current period), and every 10th account the owner of a
// tier position (its own delegator account, delegation, starting info and withdraw address, on
// validator i+1 mod 100). The aggregates follow: validator tokens, shares and powers, the bonded
// pool, the historical period's reference counts; the reserve pays, so the supply is unchanged.
// The document is streamed to the file (a 1M-account one is larger than a JS string can be).

import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sha256 } from "@noble/hashes/sha2.js";
import { utf8ToBytes } from "@noble/hashes/utils.js";
import { encodeAddress } from "../host/wire/address.js";
import { devAddress, type Json } from "../host/app/genesis.js";
import { generatedGenesis } from "../host/cometbft/testnet-genesis.js";
import { NodeChain } from "../host/drivers/embedded.js";
import { loadCoreFromFile } from "../host/core/node.js";

export const SCALE_VALIDATORS = 100;
/** Each account: a 100 CRO balance and a 1,000 CRO delegation; a position locks 200 CRO. */
const BALANCE = 10_000_000_000n;
const DELEGATION = 100_000_000_000n;
const LOCK = 20_000_000_000n;
/** One account in this many owns a tier position. */
export const POSITION_EVERY = 10;
const DEC = ".000000000000000000";
const ZERO_TIME = "0001-01-01T00:00:00Z";

export const accountAddress = (i: number) => encodeAddress("cro", sha256(utf8ToBytes(`scale account ${i}`)).subarray(0, 20));
export const positionDelegator = (j: number) => encodeAddress("cro", sha256(utf8ToBytes(`scale position ${j}`)));

/** What a state of `accounts` accounts holds, by kind. */
export function scaleCounts(accounts: number): { accounts: number; delegations: number; positions: number; validators: number } {
  const positions = Math.ceil(accounts / POSITION_EVERY);
  return { accounts: accounts + positions, delegations: accounts + positions, positions, validators: SCALE_VALIDATORS };
}

/** The base: a generated 100-validator genesis, exported by the node at height 0 (its F1 records as the SDK writes them). */
async function baseExport(): Promise<any> {
  const dir = await mkdtemp(join(tmpdir(), "scale-base-"));
  try {
    const chain = NodeChain.open(await loadCoreFromFile(), generatedGenesis(SCALE_VALIDATORS), { dbPath: join(dir, "base.db"), clock: "simulated", blockTimeNs: 5_000_000_000n });
    const doc = chain.exportGenesis() as any;
    await chain.close();
    delete doc.app_state.node_state;
    return doc;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Write the document of `accounts` accounts to `file`; its size in bytes. */
export async function writeScaleGenesis(file: string, accounts: number, progress: (m: string) => void): Promise<number> {
  const doc = await baseExport();
  const s = doc.app_state;
  const operators: string[] = s.staking.validators.map((v: { operator_address: string }) => v.operator_address);
  if (operators.length !== SCALE_VALIDATORS) throw new Error(`base export has ${operators.length} validators`);
  const period = new Map<string, bigint>(s.distribution.validator_current_rewards.map((r: any) => [r.validator_address, BigInt(r.rewards.period)]));
  const userValidator = (i: number) => operators[i % SCALE_VALIDATORS]!;
  const positionValidator = (i: number) => operators[(i + 1) % SCALE_VALIDATORS]!;
  // Aggregates first (closed form over i), so the small sections are final before the big ones stream.
  const extra = new Map<string, { tokens: bigint; refs: bigint }>(operators.map((o) => [o, { tokens: 0n, refs: 0n }]));
  let positions = 0;
  for (let i = 0; i < accounts; i++) {
    const u = extra.get(userValidator(i))!;
    u.tokens += DELEGATION;
    u.refs += 1n;
    if (i % POSITION_EVERY === 0) {
      const p = extra.get(positionValidator(i))!;
      p.tokens += LOCK;
      p.refs += 1n;
      positions++;
    }
  }
  const powerReduction = BigInt(s.node.power_reduction ?? "1000000");
  let totalPower = 0n;
  for (const v of s.staking.validators) {
    const add = extra.get(v.operator_address)!.tokens;
    v.tokens = `${BigInt(v.tokens) + add}`;
    v.delegator_shares = `${BigInt(v.delegator_shares.split(".")[0]) + add}${DEC}`;
    totalPower += BigInt(v.tokens) / powerReduction;
  }
  s.staking.last_validator_powers = s.staking.validators.map((v: any) => ({ address: v.operator_address, power: `${BigInt(v.tokens) / powerReduction}` }));
  s.staking.last_total_power = `${totalPower}`;
  for (const h of s.distribution.validator_historical_rewards) {
    if (BigInt(h.period) === period.get(h.validator_address)! - 1n) h.rewards.reference_count += Number(extra.get(h.validator_address)!.refs);
  }
  const staked = BigInt(accounts) * DELEGATION + BigInt(positions) * LOCK;
  const paid = BigInt(accounts) * BALANCE + staked;
  const bonded = s.auth.accounts.find((a: any) => a.name === "bonded_tokens_pool").base_account.address;
  for (const b of s.bank.balances) {
    if (b.address === bonded) b.coins[0].amount = `${BigInt(b.coins[0].amount) + staked}`;
    if (b.address === devAddress(0)) {
      if (BigInt(b.coins[0].amount) < paid) throw new Error(`the reserve cannot fund ${accounts} accounts`);
      b.coins[0].amount = `${BigInt(b.coins[0].amount) - paid}`;
    }
  }
  const nextNumber = 1 + Math.max(...s.auth.accounts.map((a: any) => Number(a.account_number ?? a.base_account.account_number)));
  s.tieredrewards.next_position_id = `${positions}`;
  const marker = (name: string) => `@@${name}@@`;
  s.auth.accounts.push(marker("accounts"));
  s.bank.balances.push(marker("balances"));
  s.staking.delegations.push(marker("delegations"));
  s.distribution.delegator_starting_infos.push(marker("starting"));
  s.distribution.delegator_withdraw_infos.push(marker("withdraw"));
  s.tieredrewards.positions.push(marker("positions"));
  const text = JSON.stringify(doc as Json);

  // The big arrays, element by element.
  const out = createWriteStream(file);
  let bytes = 0;
  const write = (t: string) => {
    bytes += Buffer.byteLength(t);
    return out.write(t) ? Promise.resolve() : new Promise<void>((r) => out.once("drain", () => r()));
  };
  const users = (each: (i: number, a: string) => string, onlyPositions = false) => async (first: boolean) => {
    let sep = first ? "" : ",";
    let chunk = "";
    for (let i = 0; i < accounts; i++) {
      if (onlyPositions && i % POSITION_EVERY !== 0) continue;
      chunk += sep + each(i, accountAddress(i));
      sep = ",";
      if (chunk.length > 1 << 20) {
        await write(chunk);
        chunk = "";
      }
      if (i % 100_000 === 99_999) progress(`  ${i + 1} of ${accounts}`);
    }
    await write(chunk);
  };
  const pos = (i: number) => i / POSITION_EVERY;
  const starting = (delegator: string, validator: string, stake: bigint) => JSON.stringify({
    delegator_address: delegator, validator_address: validator,
    starting_info: { previous_period: `${period.get(validator)! - 1n}`, stake: `${stake}${DEC}`, height: "0" },
  });
  const sections: Record<string, Array<(first: boolean) => Promise<void>>> = {
    accounts: [
      users((i, a) => JSON.stringify({ "@type": "/cosmos.auth.v1beta1.BaseAccount", address: a, pub_key: null, account_number: `${nextNumber + i}`, sequence: "0" })),
      users((i) => JSON.stringify({
        "@type": "/cosmos.auth.v1beta1.BaseAccount", address: positionDelegator(pos(i)), pub_key: null, account_number: `${nextNumber + accounts + pos(i)}`, sequence: "0",
      }), true),
    ],
    balances: [users((_, a) => JSON.stringify({ address: a, coins: [{ denom: "basecro", amount: `${BALANCE}` }] }))],
    delegations: [
      users((i, a) => JSON.stringify({ delegator_address: a, validator_address: userValidator(i), shares: `${DELEGATION}${DEC}` })),
      users((i) => JSON.stringify({ delegator_address: positionDelegator(pos(i)), validator_address: positionValidator(i), shares: `${LOCK}${DEC}` }), true),
    ],
    starting: [
      users((i, a) => starting(a, userValidator(i), DELEGATION)),
      users((i) => starting(positionDelegator(pos(i)), positionValidator(i), LOCK), true),
    ],
    withdraw: [users((i, a) => JSON.stringify({ delegator_address: positionDelegator(pos(i)), withdraw_address: a }), true)],
    positions: [users((i, a) => JSON.stringify({
      id: `${pos(i)}`, owner: a, tier_id: 1 + (pos(i) % 3), last_bonus_accrual: doc.genesis_time, last_event_seq: "0", last_known_bonded: true,
      exit_triggered_at: ZERO_TIME, exit_unlock_at: ZERO_TIME, created_at_height: "1", created_at_time: doc.genesis_time, delegator_address: positionDelegator(pos(i)),
    }), true)],
  };
  const parts = text.split(/("@@\w+@@")/);
  let before = false;
  for (const [k, part] of parts.entries()) {
    const m = /^"@@(\w+)@@"$/.exec(part);
    if (!m) {
      // A marker was appended to its array: the comma before it goes with the generated elements.
      before = /^"@@\w+@@"$/.test(parts[k + 1] ?? "") && part.endsWith(",");
      await write(before ? part.slice(0, -1) : part);
      continue;
    }
    progress(`writing ${m[1]}`);
    let first = !before;
    for (const gen of sections[m[1]!]!) {
      await gen(first);
      first = false;
    }
  }
  await new Promise<void>((r, j) => out.end((e?: Error | null) => (e ? j(e) : r())));
  return bytes;
}
