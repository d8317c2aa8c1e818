// InitChain from the SDK's genesis document: each module's InitGenesis through its descriptor, in
// INIT_GENESIS order (x/auth's accounts with their numbers, x/bank's balances, an exported chain's
// state placed record by record in the core by x/staking, x/distribution and x/tieredrewards, x/gov's
// and x/slashing's records), the accounts the sections named numbered, then a new chain's gentxs
// (delivered as the SDK's genutil does, then the validator set's first update). An exported state
// must hold together: the core's invariants are checked before its first block is committed.

import { ValidationError } from "../errors.js";
import type { Core } from "../core/core.js";
import type { Emission } from "../core/emission.js";
import type { Ledger } from "../core/ledger.js";
import type { Tiers } from "../core/tiers.js";
import { GenesisPlacer } from "../core/genesis-records.js";
import type { NodeDirectory } from "../modules/auth/directory.js";
import { numberNamedAccounts } from "../modules/auth/genesis-init.js";
import type { Gov } from "../modules/gov/keeper.js";
import type { Slashing } from "../modules/slashing/keeper.js";
import type { ValidatorRegistry } from "../modules/staking/validators.js";
import type { Feegrant } from "../modules/feegrant/keeper.js";
import type { Authz } from "../modules/authz/keeper.js";
import type { Nft } from "../modules/nft/keeper.js";
import type { Circuit } from "../modules/circuit/keeper.js";
import type { Group } from "../modules/group/env.js";
import type { Evidence } from "../modules/evidence/keeper.js";
import type { IbcStore } from "../modules/ibc/keeper.js";
import { INIT_GENESIS, MODULES, type ModulesInitApp } from "../modules/index.js";
import type { Genesis } from "../modules/genutil/genesis-sdk.js";
import { StartingInfos } from "../modules/distribution/genesis.js";

/** A bench's checkpoints between the import's phases (bench/genesis-import.ts --phases): nothing by default. */
export const importPhases: { at?: (phase: string) => void } = {};

/** The modules with InitGenesis work, in INIT_GENESIS order (modules/index.ts). */
const INIT_MODULES = INIT_GENESIS.map((n) => MODULES.find((m) => m.name === n)!);
for (const m of MODULES) {
  if (m.genesis?.init !== undefined && !INIT_MODULES.includes(m)) throw new Error(`module ${m.name}: its InitGenesis is not in INIT_GENESIS`);
}
for (const m of INIT_MODULES) if (m?.genesis?.init === undefined) throw new Error(`INIT_GENESIS names a module without InitGenesis`);

/** What InitChain works on: the chain's keepers, and how it delivers a gentx. */
export interface InitChainHost {
  readonly core: Core;
  readonly ledger: Ledger;
  readonly tiers: Tiers;
  readonly emission: Emission;
  readonly directory: NodeDirectory;
  readonly validators: ValidatorRegistry;
  readonly gov: Gov;
  readonly slashing: Slashing;
  readonly feegrant: Feegrant;
  readonly authz: Authz;
  readonly nft: Nft;
  readonly circuit: Circuit;
  readonly group: Group;
  readonly evidence: Evidence;
  readonly ibc: IbcStore;
  /** A gentx's TxRaw through the ante handler and its message at the genesis height: its code and log, or a throw (a bad signature). */
  deliverGenTx(txBytes: Uint8Array): { code: number; rawLog: string };
  /** The parse is dropped once placed (a chain with a database): each long list let go as soon as its records are placed (RELEASED). */
  readonly releaseParsed?: boolean;
}

/**
 * The parsed lists no later InitGenesis reads, by the module after whose placement they go: a
 * mainnet-sized genesis's records are not all held while the rest is placed (the import's peak).
 */
const RELEASED: Partial<Record<(typeof INIT_GENESIS)[number], (g: Genesis) => void>> = {
  auth: (g) => { g.sdk.auth.accounts = g.sdk.auth.accounts.filter((a) => a.vesting !== undefined); }, // in the directory; x/vesting places the locks
  bank: (g) => { g.balances = []; }, // x/auth numbered their accounts, x/bank placed them
  vesting: (g) => { g.sdk.auth.accounts = []; }, // x/vesting placed their locks
  staking: (g) => {
    // placed with their delegations (without validators x/distribution refuses them: kept for its check)
    if (g.sdk.staking !== undefined) g.sdk.distribution.startingInfos = new StartingInfos();
  },
  tieredrewards: (g) => { if (g.sdk.staking !== undefined) g.sdk.staking.delegations = []; }, // its positions' validators read from them
};

/** Genesis into the core and the host's modules; returns the burn addresses' ids and balance. Throws ValidationError naming the path. */
export function initChain(g: Genesis, h: InitChainHost): { burnIds: number[]; burned: bigint } {
  const exported = g.sdk.staking !== undefined;
  if (exported && g.sdk.genTxs.length > 0) {
    throw new ValidationError("gentxs make a new chain's validators; an exported state has its own", "app_state.genutil.gen_txs");
  }
  const burned = g.bank.burnedBalance;
  if (!exported) h.emission.setState({ height: g.height, totalSupply: g.bank.supply.find((c) => c.denom === g.mint.params.mintDenom)!.amount, burned });
  const app: ModulesInitApp = {
    genesis: g, ledger: h.ledger, tiers: h.tiers, directory: h.directory, validators: h.validators, gov: h.gov, slashing: h.slashing, feegrant: h.feegrant, authz: h.authz, nft: h.nft, circuit: h.circuit, group: h.group, evidence: h.evidence, ibc: h.ibc,
    placer: new GenesisPlacer(h.core), validatorIds: new Map(), burnIds: [],
  };
  for (const m of INIT_MODULES) {
    m.genesis!.init!(app);
    if (h.releaseParsed) RELEASED[m.name as keyof typeof RELEASED]?.(g);
    importPhases.at?.(`place ${m.name}`);
  }
  const { burnIds } = app;
  numberNamedAccounts(h.directory, burnIds);
  g.sdk.genTxs.forEach((t, i) => {
    const at = `app_state.genutil.gen_txs[${i}]`;
    let r: { code: number; rawLog: string };
    try {
      r = h.deliverGenTx(t.txBytes);
    } catch (e) {
      throw new ValidationError((e as Error).message, at);
    }
    if (r.code !== 0) throw new ValidationError(`failed to execute DeliverTx: ${r.rawLog}`, at);
  });
  if (exported) {
    h.ledger.restore(g.height, burned);
    const broken = [...h.ledger.checkInvariants(), ...h.tiers.checkInvariants()];
    if (broken.length > 0) throw new ValidationError(`the exported state does not hold together: ${broken.join("; ")}`, "app_state");
  } else {
    h.ledger.endBlock(g.height, g.genesisTimeNs);
  }
  return { burnIds, burned };
}

