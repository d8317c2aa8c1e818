// The genesis a testnet runs: the default genesis's validators (up to 4: dev keys 1-4, today's
// network), a generated one of any size (validator i operated by dev key i up to 4, by dev key
// 100 + i beyond, every one a gentx signed with its key, equal stakes, x/gov the authority), or
// a given SDK document (`--genesis FILE`: its gentxs or, exported, app_state.staking's validators).
// Every validator's consensus key must be one the node derives (chain id and operator): that is
// the key the testnet writes into its CometBFT home.

import { bytesToHex } from "@noble/hashes/utils.js";
import { BASE_ACCOUNT } from "../modules/auth/genesis.js";
import { ValidationError } from "../errors.js";
import { consensusKey } from "../modules/staking/consensus-key.js";
import {
  GOV_MODULE_ADDRESS, defaultGenesisJson, readGenesisDoc, devAddress, devGenTx, devPrivateKey, mergeJson, operatorOf, type Json,
} from "../app/genesis.js";
import { NodeChain } from "../drivers/embedded.js";
import type { Core } from "../core/core.js";
import { UsageError } from "../flags.js";

/** Validators the default genesis has (dev keys 1-4). */
export const DEFAULT_VALIDATORS = 4;
/** A generated genesis's validators share this much self-delegation (40 B CRO, as the default's 4 hold). */
const TOTAL_SELF_DELEGATION = 4_000_000_000_000_000_000n;
/** Each generated operator's account holds this beside its self-delegation (fees). */
const OPERATOR_SPARE = 100_000_000_000n;

/** The dev key that operates validator `i` (1-based) of a generated network. */
export function validatorKeyNumber(i: number): number {
  return i <= DEFAULT_VALIDATORS ? i : 100 + i;
}

/** A validator of a testnet's genesis: its operator, power, consensus key, and its operator's key when the testnet made it. */
export interface TestnetValidator {
  operator: string;
  power: bigint;
  pub: Uint8Array;
  /** The ed25519 seed of its consensus key (derived from the chain id and the operator). */
  seed: Uint8Array;
  /** Dev key number of its operator account (generated genesis only). */
  key?: number;
}

/**
 * The genesis of a generated network of `n` validators: n ≤ 4 the default genesis's first n
 * (unchanged, so today's networks and their tests are the same); more, every validator re-made
 * with an equal share of 40 B CRO, the extra operators funded from the reserve (dev key 0).
 */
export function generatedGenesis(n: number): Json {
  type GenTx = { body: { messages: { validator_address: string }[] } };
  const base = defaultGenesisJson() as unknown as { chain_id: string; app_state: any };
  let genTxs: Json[];
  if (n <= DEFAULT_VALIDATORS) {
    genTxs = (base.app_state.genutil.gen_txs as GenTx[]).slice(0, n) as unknown as Json[];
  } else {
    const chainId = base.chain_id;
    const selfDelegation = TOTAL_SELF_DELEGATION / BigInt(n);
    const state = base.app_state;
    const balances = state.bank.balances as { address: string; coins: { denom: string; amount: string }[] }[];
    const accounts = state.auth.accounts as { account_number: string }[];
    const byAddress = new Map(balances.map((b) => [b.address, b]));
    let moved = 0n;
    genTxs = [];
    for (let i = 1; i <= n; i++) {
      const key = validatorKeyNumber(i);
      const address = devAddress(key);
      const funds = selfDelegation + OPERATOR_SPARE;
      const had = byAddress.get(address);
      if (had) {
        moved += funds - BigInt(had.coins[0]!.amount);
        had.coins[0]!.amount = `${funds}`;
      } else {
        balances.push({ address, coins: [{ denom: "basecro", amount: `${funds}` }] });
        accounts.push({ "@type": BASE_ACCOUNT, address, pub_key: null, account_number: `${accounts.length}`, sequence: "0" } as never);
        moved += funds;
      }
      genTxs.push(devGenTx({
        chainId, key, selfDelegation,
        description: { moniker: `validator-${i}`, details: `Validator ${i} of a generated testnet, operated by dev key ${key}.` },
      }));
    }
    const reserve = byAddress.get(devAddress(0))!;
    const left = BigInt(reserve.coins[0]!.amount) - moved;
    if (left < 0n) throw new UsageError(`--validators ${n}: the reserve cannot fund them`);
    reserve.coins[0]!.amount = `${left}`;
  }
  return mergeJson(base as unknown as Json, { app_state: { genutil: { gen_txs: genTxs }, node: { gov_authority: GOV_MODULE_ADDRESS } } } as unknown as Json);
}

/**
 * The bonded validators a genesis starts with (after InitChain: gentxs delivered, or an export's
 * set), with their consensus keys; a usage error naming the validator when one's key is not the
 * node's derived key (its private key is not known: no home of this testnet could sign for it).
 */
export function testnetValidators(core: Core, genesis: Json, source: string): TestnetValidator[] {
  let chain: NodeChain;
  try {
    chain = NodeChain.inMemory(core, genesis, 1_000_000_000n);
  } catch (e) {
    throw new UsageError(`${source}: ${(e as Error).message}`);
  }
  const chainId = (genesis as { chain_id: string }).chain_id;
  const keyNumbers = new Map<string, number>();
  for (let i = 1; i <= 1000; i++) keyNumbers.set(operatorOf(devAddress(validatorKeyNumber(i))), validatorKeyNumber(i));
  const out: TestnetValidator[] = [];
  for (const id of chain.directory.validatorIds()) {
    const power = chain.ledger.validator(id)!.lastPower;
    if (power <= 0n) continue;
    const operator = chain.directory.validatorAddress(id)!;
    const derived = consensusKey(chainId, operator);
    const key = chain.app.validators.key(id);
    if (key && bytesToHex(key.pub) !== bytesToHex(derived.pub)) {
      throw new UsageError(
        `${source}: validator ${operator}'s consensus key ${bytesToHex(key.pub)} is not the one this node derives for it ` +
          `(${bytesToHex(derived.pub)}); its private key is not known, so no node here could sign for it`,
      );
    }
    const k = keyNumbers.get(operator);
    out.push({ operator, power, pub: derived.pub, seed: derived.seed, ...(k === undefined ? {} : { key: k }) });
  }
  if (out.length === 0) throw new UsageError(`${source}: no bonded validator after InitChain`);
  return out;
}

/** What a validator's home keeps of its operator: the dev key's number, private key and addresses (0600). */
export function operatorKeyJson(v: TestnetValidator): string | undefined {
  if (v.key === undefined) return undefined;
  return JSON.stringify({
    note: "development key (derived: sha256(\"staking-engine dev key N\")): for local and test networks only",
    key: v.key, private_key: bytesToHex(devPrivateKey(v.key)), address: devAddress(v.key), operator: v.operator,
  }, null, 2);
}

/** `--genesis FILE` read as the node reads it; a usage error naming the file and the path. */
export async function readTestnetGenesis(file: string): Promise<Json> {
  try {
    return await readGenesisDoc(file);
  } catch (e) {
    if (e instanceof ValidationError) throw new UsageError(`--genesis ${e.message}`);
    throw e;
  }
}

/** How many validators a document starts with, before InitChain (its gentxs, or an export's last powers): for the ports check. */
export function countValidators(genesis: Json): number {
  const s = (genesis as { app_state?: { genutil?: { gen_txs?: unknown[] }; staking?: { last_validator_powers?: unknown[] } } }).app_state;
  return Math.max(1, s?.genutil?.gen_txs?.length ?? 0, s?.staking?.last_validator_powers?.length ?? 0);
}
