// The application's state: the core and the keepers over it, the state hash, the store, the last
// block and what the next one needs of it. One object shared by the application's parts (ante.ts,
// deliver.ts, block.ts, commit.ts, init.ts), internal to host/app: everything outside reads the
// chain through Application.

import { sha256 } from "@noble/hashes/sha2.js";
import { utf8ToBytes } from "@noble/hashes/utils.js";
import type { Core } from "../core/core.js";
import { Emission } from "../core/emission.js";
import { FIRST_USER_ACCOUNT, Ledger } from "../core/ledger.js";
import { Tiers } from "../core/tiers.js";
import { ACCOUNT_PREFIX, VALIDATOR_PREFIX, bondDenom, emissionParams, forgetStreamedParse, inflationParamsFrom, parseGenesis, slimGenesisDoc, type Genesis, type Json } from "./genesis.js";
import { canonicalAddress } from "../wire/address.js";
import { DEFAULT_LIMITS, type Limits } from "../limits.js";
import { StoreMeter, type GasPrice } from "../framework/gas.js";
import { moduleAddress } from "../wire/keys.js";
import { NodeDirectory } from "../modules/auth/directory.js";
import { StateHash } from "../store/state-hash.js";
import { Mempool } from "./mempool.js";
import type { NodeStore } from "../store/store.js";
import type { GenesisBytes } from "../store/genesis-bytes.js";
import { genesisFileOf } from "./genesis-stream.js";
import { closeSync, openSync, readSync, statSync } from "node:fs";
import { tallyView } from "../modules/gov/tally-view.js";
import { Gov, type TallyView } from "../modules/gov/keeper.js";
import { Slashing } from "../modules/slashing/keeper.js";
import { Bank } from "../modules/bank/keeper.js";
import { Authz } from "../modules/authz/keeper.js";
import { Feegrant } from "../modules/feegrant/keeper.js";
import { Nft } from "../modules/nft/keeper.js";
import { Upgrade, type UpgradeOperator } from "../modules/upgrade/keeper.js";
import { Circuit } from "../modules/circuit/keeper.js";
import { Group } from "../modules/group/env.js";
import { Evidence } from "../modules/evidence/keeper.js";
import { IbcStore } from "../modules/ibc/keeper.js";
import { GovernedParams } from "../modules/gov/governed-params.js";
import { distributionParams } from "../modules/distribution/update-params.js";
import { durationNs } from "../modules/staking/update-params.js";
import { slashingParamsOf } from "../modules/slashing/update-params.js";
import { mintParams } from "../modules/mint/update-params.js";
import { govParamsSource } from "../modules/gov/update-gov-params.js";
import { consensusMaxGas } from "../modules/consensus/update-params.js";
import { ValidatorRegistry } from "../modules/staking/validators.js";
import { DelayedSets } from "../modules/staking/delayed-sets.js";
import { UndoJournal } from "../framework/journal.js";
import { MessageRegistry } from "./registry.js";
import { MODULES } from "../modules/index.js";
import type { MessageContext } from "../framework/context.js";
import type { CommitSigJson, ConsensusValidator } from "../framework/header.js";
import type { BlockSummary } from "../framework/view.js";
import type { TxResult, CommittedBlock, UncommittedBlock } from "../framework/types.js";

/** What the node admits at CheckTx (its policy, not consensus: a replay does not apply it). */
export interface AdmissionOptions {
  /** Tx and mempool limits (host/limits.ts); DEFAULT_LIMITS for those absent. */
  limits?: Partial<Limits>;
  /** `--minimum-gas-prices`, amounts as raw Decs (value x 10^18); none = no minimum. */
  minGasPrices?: readonly GasPrice[];
  /**
   * Make CometBFT headers and precommits for each single block (header.ts); default: when the
   * chain has a database. What-if runs in memory skip them (the ed25519 signatures of every block).
   */
  headers?: boolean;
  /** x/upgrade: the heights to skip and the plans this node applies (--unsafe-skip-upgrades, --apply-upgrade). */
  upgrade?: UpgradeOperator;
}

/** What the next block's header takes from the last one (header.ts): its precommits, results and signing set. */
export interface HeaderCarry {
  signatures: CommitSigJson[];
  results: { code: number; data: Uint8Array; gasWanted: bigint; gasUsed: bigint }[];
  /** The set that signs the next block (the last block's next set); undefined: the current one. */
  signers: ConsensusValidator[] | undefined;
}

export class AppState {
  /** The genesis's parameters (and, until its block is committed, its records). */
  get genesis(): Genesis {
    return this.parsed;
  }
  /** The whole genesis document: kept until its block is committed, then read from the database when asked. */
  get genesisDoc(): Json {
    return this.doc ?? (JSON.parse(this.store!.genesis()!) as Json);
  }
  /** The genesis without its records (slimGenesisDoc): its parameters, small whatever the state's size (the whole document is read again only when asked for). */
  get genesisParams(): Json {
    return (this.slim ??= slimGenesisDoc(this.genesisDoc));
  }
  /** The genesis document's bytes as CometBFT would hold them (its `/genesis_chunked`): as stored; before that (or without a database), its file's or its text's. */
  genesisBytes(): GenesisBytes {
    return this.store?.genesisBytes() ?? (this.heldBytes ??= heldGenesisBytes(this.genesisDoc));
  }
  private heldBytes: GenesisBytes | undefined;
  private slim: Json | undefined;
  private parsed: Genesis;
  private doc: Json | undefined;
  readonly denom: string;
  readonly core: Core;
  readonly ledger: Ledger;
  readonly tiers: Tiers;
  readonly emission: Emission;
  readonly directory: NodeDirectory;
  readonly registry: MessageRegistry;
  /** x/gov v1: proposals, deposits, votes. */
  readonly gov: Gov;
  /** x/slashing under CometBFT: signing infos from its commit info and evidence. */
  readonly slashing: Slashing;
  /** x/bank's params (send-enabled flags). */
  readonly bank: Bank;
  /** x/authz's grants and their expiry queue. */
  readonly authz: Authz;
  /** x/feegrant's allowances. */
  readonly feegrant: Feegrant;
  /** chain-main's x/nft denoms and tokens. */
  readonly nft: Nft;
  /** x/upgrade's plan and applied plans; x/circuit's permissions and disabled types. */
  readonly upgrade: Upgrade;
  readonly circuit: Circuit;
  /** x/group's store. */
  readonly group: Group;
  /** x/evidence: the equivocations handled. */
  readonly evidence: Evidence;
  /** IBC: clients, connections, channels, interchain-account ports (ibc-go's store keys). */
  readonly ibc: IbcStore;
  /** The params governance set (auth, staking, distribution, mint, slashing, gov, consensus); absent: the genesis's. */
  readonly params: GovernedParams;
  /** Validators' descriptions, commission limits and consensus keys. */
  readonly validators: ValidatorRegistry;
  /** The validator sets CometBFT's two-block delay still owes BeginBlock (modules/staking/delayed-sets.ts). */
  readonly delayedSets = new DelayedSets();
  readonly hash: StateHash;
  /** Undo steps of the tx being executed, for the records kept beside the core's (x/gov's, the validators'). */
  readonly txJournal = new UndoJournal();
  readonly store: NodeStore | undefined;
  readonly limits: Limits;
  readonly minGasPrices: readonly GasPrice[];
  readonly meter: StoreMeter;
  /** The txs CheckTx admitted since the last commit: the check state's sequences and owed fees. */
  readonly mempool = new Mempool<TxResult>((tx) => this.bondFee(tx));
  readonly makesHeaders: boolean;
  /** The last block (executed; under CometBFT it may await its Commit). */
  last: BlockSummary;
  /** The last block in the database. */
  durable: BlockSummary;
  /** Under CometBFT: the block FinalizeBlock executed, written at its Commit. */
  uncommitted: UncommittedBlock | undefined;
  /** Whether the database holds the genesis (its first commit writes it). */
  genesisCommitted = false;
  headerCarry: HeaderCarry = { signatures: [], results: [], signers: undefined };
  /**
   * The last block's seed hash (header.ts seedHash): what the next block's position delegator
   * addresses derive from, the same whether or not the chain makes CometBFT headers.
   */
  lastSeed = "";
  burnIds: number[] = [];
  burned = 0n;
  /**
   * x/mint's Minter.AnnualProvisions while the core has run no block since this process began: the
   * database's last block's (a restart), an imported document's; undefined: derived (minterAnnual).
   */
  restoredAnnual: bigint | undefined = undefined;
  /** The x/inflation params text last given to the emission engine (undefined: the genesis's). */
  appliedInflation: string | undefined;
  /** The last commit: records written or deleted, and milliseconds from journal to durable. */
  lastCommit = { records: 0, ms: 0 };
  readonly commitListeners = new Set<(b: CommittedBlock) => void>();
  /** Dev mode's impersonated addresses (drivers/cheats.ts): their txs are admitted without a signature check. */
  readonly impersonated = new Set<string>();
  /** Dev mode's auto-impersonation (dev/chain.ts): any signer's tx is admitted, unsigned when its signature does not verify. */
  autoImpersonate = false;

  /**
   * `genesisDoc`: the document a new chain starts from; on a restart (`carry.restarted`), its records
   * left out (slimGenesisDoc), the database holding them and the whole document. The rest of `carry`:
   * what a dev-mode revert (drivers/cheats.ts) keeps: the parsed genesis, the state hash, the directory (emptied).
   */
  constructor(
    core: Core, genesisDoc: Json, options: AdmissionOptions, store: NodeStore | undefined,
    carry: { genesis?: Genesis; hash?: StateHash; directory?: NodeDirectory; restarted?: boolean } = {},
  ) {
    this.core = core;
    this.limits = { ...DEFAULT_LIMITS, ...options.limits };
    this.minGasPrices = options.minGasPrices ?? [];
    this.meter = new StoreMeter(core);
    this.doc = carry.restarted ? undefined : genesisDoc;
    if (carry.restarted) this.slim = genesisDoc;
    this.parsed = carry.genesis ?? parseGenesis(genesisDoc, core.dec);
    this.hash = carry.hash ?? new StateHash();
    this.denom = bondDenom(this.parsed);
    this.store = store;
    this.makesHeaders = options.headers ?? store !== undefined;
    this.ledger = new Ledger(core);
    this.tiers = new Tiers(core);
    this.emission = new Emission(core);
    this.directory = carry.directory ?? new NodeDirectory(ACCOUNT_PREFIX, VALIDATOR_PREFIX);
    this.registry = new MessageRegistry(MODULES);
    this.slashing = new Slashing(this.genesis.slashing.params, core.dec);
    this.bank = new Bank(this.genesis.bank.params, this.txJournal);
    this.authz = new Authz(ACCOUNT_PREFIX, this.txJournal);
    this.feegrant = new Feegrant(ACCOUNT_PREFIX, this.txJournal);
    this.nft = new Nft(this.txJournal);
    this.upgrade = new Upgrade(this.txJournal, options.upgrade);
    this.circuit = new Circuit(ACCOUNT_PREFIX, this.txJournal);
    this.group = new Group(this.txJournal, this.registry);
    this.evidence = new Evidence(this.txJournal);
    this.ibc = new IbcStore(this.txJournal);
    this.params = new GovernedParams(this.txJournal);
    this.validators = new ValidatorRegistry(this.genesis.chainId, this.directory, this.txJournal);
    this.gov = new Gov(this.genesis.gov.params, {
      ledger: this.ledger, directory: this.directory, dec: core.dec, denom: this.denom, govAddress: moduleAddress("gov", ACCOUNT_PREFIX),
    }, this.txJournal);
    this.blockMaxGas = this.genesis.consensus.maxGas;
    this.gov.useParams(govParamsSource(this.params, this.genesis.gov.params, core.dec, this.denom));
    this.last = { height: 0n, timeNs: this.genesis.genesisTimeNs, hash: "", appHash: "", txCount: 0 };
    this.durable = this.last;
  }

  /**
   * The genesis block is in the database: keep only the document's parameters (`slim`), not its
   * records (a mainnet-sized genesis is gigabytes of JS objects); the document is read back when asked.
   */
  forgetGenesisRecords(slim: Json): void {
    if (this.store === undefined) return;
    if (this.doc !== undefined) forgetStreamedParse(this.doc); // its records: the caller (host/main.ts) keeps the document
    this.doc = undefined;
    this.slim = slim;
    this.parsed = parseGenesis(slim, this.core.dec);
  }

  /**
   * InitChain has placed the genesis's records in the core: keep only its parameters (slimGenesisDoc)
   * while its block is written; the document stays until then (its bytes are stored with the block).
   */
  dropGenesisRecords(): void {
    if (this.store === undefined || this.doc === undefined) return;
    forgetStreamedParse(this.doc);
    this.parsed = parseGenesis(slimGenesisDoc(this.doc), this.core.dec);
  }

  /** The tx's fee in the bond denom (other denoms are refused at check unless zero). */
  bondFee(tx: { fee: { amount: readonly { denom: string; amount: bigint }[] }; feePayer?: string; signers?: readonly { address: string; unsigned?: boolean }[] }): bigint {
    // Dev mode: an impersonated module account's fee is waived (its balance is its module's: the chain pays, nothing moves).
    if (tx.signers?.some((x) => x.unsigned && x.address === tx.feePayer) && (this.directory.accountId(tx.feePayer!) ?? FIRST_USER_ACCOUNT) < FIRST_USER_ACCOUNT) return 0n;
    return tx.fee.amount.filter((c) => c.denom === this.denom).reduce((t, c) => t + c.amount, 0n);
  }

  /** The consensus params' evidence ages: governance's (x/consensus MsgUpdateParams), else the genesis's; absent: CometBFT's defaults. */
  evidenceMaxAge(): { blocks: bigint; ns: bigint } | undefined {
    const e = this.params.get("consensus")?.evidence;
    const d = e?.maxAgeDuration;
    if (e === undefined || d === undefined) return this.genesis.consensus.evidenceMaxAge;
    return { blocks: e.maxAgeNumBlocks, ns: d.seconds * 1_000_000_000n + BigInt(d.nanos) };
  }

  /** What a message handler sees: the chain's modules, its signer, the block being made. */
  messageContext(signer: string, height: bigint, timeNs: bigint): MessageContext {
    return {
      ledger: this.ledger, tiers: this.tiers, directory: this.directory, denom: this.denom, signer,
      height, powerReduction: this.genesis.staking.powerReduction,
      headerHash: this.headerHash(height, timeNs), parseDec: (text) => this.core.dec.parse(text), timeNs, gov: this.gov,
      validators: this.validators, bank: this.bank, authz: this.authz, feegrant: this.feegrant, params: this.params, authority: this.genesis.gov.authority, nft: this.nft,
      upgrade: this.upgrade, circuit: this.circuit, group: this.group,
      evidence: this.evidence, ibc: this.ibc,
    };
  }

  /**
   * The header hash of the block being made, as far as this node has one before executing it: its
   * chain id, height and time and the previous block's hash (a block's own hash covers its
   * results). It seeds position delegator addresses (REFERENCE §3.3), identically in a replay.
   */
  headerHash(height: bigint, timeNs: bigint): Uint8Array {
    // Once a block, not once a tx (every message context carries it): the last one kept by its input.
    const seed = `${this.genesis.chainId}|${height}|${timeNs}|${this.lastSeed}`;
    if (this.headerHashKept?.seed !== seed) this.headerHashKept = { seed, hash: sha256(utf8ToBytes(seed)) };
    return this.headerHashKept.hash;
  }

  private headerHashKept: { seed: string; hash: Uint8Array } | undefined;

  tallyView(): TallyView {
    return tallyView(this.ledger, this.directory, this.tiers);
  }

  /**
   * x/mint's Minter.AnnualProvisions: the last block's, from the supply before its mint (as the
   * chain stores it); after a restart or an import, the one kept; before any block, block 1's.
   */
  minterAnnual(): bigint {
    if (this.restoredAnnual !== undefined) return this.restoredAnnual;
    if (this.last.height !== 0n) return this.emission.last().annualProvisions;
    return this.emission.provisions(this.emission.rateAt(1n), this.emission.last().totalSupply).annual;
  }

  /** x/inflation's params now: the genesis's, or what a passed MsgUpdateParams set. */
  inflationParams(): Genesis["inflation"]["params"] {
    const text = this.gov.inflationParams();
    return text === undefined ? this.genesis.inflation.params : inflationParamsFrom(JSON.parse(text) as Json, this.core.dec, "params");
  }

  /** The block gas limit of the block being made (consensus params as its BeginBlock found them; its header hashes them). */
  blockMaxGas: bigint;

  /** The block gas limit now (the next block's, CheckTx's): governance's, else the genesis's. */
  maxGas(): bigint {
    return consensusMaxGas(this.params, this.genesis.consensus.maxGas);
  }

  /** The revision of the governed params last given to the core (modules/gov/governed-params.ts). */
  private appliedParams = 0;

  /**
   * Governance's params the core runs with (the community tax, max entries, the staking params,
   * x/slashing's), once per change: whether they changed.
   */
  applyGovernedParams(): boolean {
    if (this.params.revision === this.appliedParams) return false;
    this.appliedParams = this.params.revision;
    this.ledger.setCommunityTax(distributionParams(this.params, this.genesis.distribution.communityTax).communityTax);
    const staking = this.params.get("staking");
    this.ledger.setMaxEntries(staking?.maxEntries ?? 7);
    const slashing = this.params.get("slashing");
    this.blockMaxGas = consensusMaxGas(this.params, this.genesis.consensus.maxGas);
    this.slashing.params = slashing === undefined ? this.genesis.slashing.params : slashingParamsOf(slashing);
    if (staking !== undefined) {
      this.ledger.configureStaking(staking.maxValidators, this.genesis.staking.powerReduction, durationNs(staking.unbondingTime));
    }
    return true;
  }

  /** Governance's x/inflation params into the emission engine and the burned addresses, once per change (and the other governed params). */
  applyInflationParams(): void {
    const changed = this.applyGovernedParams();
    const text = this.gov.inflationParams();
    if (text === this.appliedInflation && !changed) return;
    this.appliedInflation = text;
    const p = this.inflationParams();
    const mint = mintParams(this.params, this.genesis.mint.params);
    this.emission.configure({
      ...emissionParams(this.genesis), baseRate: mint.inflationMin, blocksPerYear: mint.blocksPerYear, maxSupply: p.maxSupply, decayRate: p.decayRate,
    });
    this.burnIds = p.burnedAddresses.map((a) => this.directory.ensure(canonicalAddress(a, ACCOUNT_PREFIX)));
    this.syncBurned();
  }

  /** Burning is sending to a burned address: the emission engine's circulating supply follows. */
  syncBurned(): void {
    const burned = this.burnIds.reduce((t, id) => t + this.ledger.balance(id), 0n);
    if (burned === this.burned) return;
    this.burned = burned;
    const s = this.emission.last();
    this.emission.setState({ height: s.height, totalSupply: s.totalSupply, burned });
  }
}

/** A held document's bytes: the file it was streamed from (read a range at a time), else its JSON text. */
function heldGenesisBytes(doc: Json): GenesisBytes {
  const file = genesisFileOf(doc);
  if (file === undefined) {
    const text = Buffer.from(JSON.stringify(doc), "utf8");
    return { size: text.length, read: (offset, length) => text.subarray(offset, offset + length) };
  }
  const size = statSync(file).size;
  return {
    size,
    read(offset, length) {
      const buf = Buffer.alloc(Math.max(Math.min(length, size - offset), 0));
      const fd = openSync(file, "r");
      try {
        readSync(fd, buf, 0, buf.length, offset);
      } finally {
        closeSync(fd);
      }
      return buf;
    },
  };
}
