// Answers of the hot queries kept for the block they were asked at. A query's answer is a function
// of the committed state, and the state changes only by blocks (a tx, a dev cheat, a governance
// change: each is in a block; CheckTx and simulate leave it as it was; a revert, reset or state
// load puts another block in its place). So an answer asked again at the same latest block is
// the same bytes: kept under the block's key (chain, height, block hash, app hash) and the
// request, and all dropped when the key changes. Only the methods listed here are kept (the pages
// explorers and wallets poll); a method is listed when its handler reads the committed state
// alone. Queries asked from inside a block (ICA host's MsgModuleQuerySafe) go around the cache:
// the state there is part-way through the next block.

/** The gRPC methods whose answers are kept per block. */
export const PER_BLOCK_METHODS: ReadonlySet<string> = new Set([
  "/cosmos.staking.v1beta1.Query/Validators",
  "/cosmos.staking.v1beta1.Query/Validator",
  "/cosmos.staking.v1beta1.Query/ValidatorDelegations",
  "/cosmos.staking.v1beta1.Query/DelegatorDelegations",
  "/cosmos.staking.v1beta1.Query/Pool",
  "/cosmos.bank.v1beta1.Query/TotalSupply",
  "/cosmos.bank.v1beta1.Query/AllBalances",
  "/cosmos.bank.v1beta1.Query/Balance",
  "/cosmos.bank.v1beta1.Query/SupplyOf",
  "/cosmos.distribution.v1beta1.Query/DelegationTotalRewards",
  "/chainmain.tieredrewards.v1.Query/Tiers",
  "/chainmain.tieredrewards.v1.Query/AllTierPositions",
  "/chainmain.tieredrewards.v1.Query/TierPositionsByOwner",
  "/chainmain.tieredrewards.v1.Query/RewardsPoolBalances",
  "/chainmain.tieredrewards.v1.Query/EstimatePositionRewards",
]);

/** At most this many characters (or bytes) of answers kept for one block; past it, answers are made and not kept. */
export const MAX_KEPT_PER_BLOCK = 8 * 1024 * 1024;

/** The latest block's identity: a new key for a new block and for each block put in its place. */
export type BlockKey = () => string;

export class BlockAnswers<V extends { length: number }> {
  private block = "";
  private size = 0;
  private readonly kept = new Map<string, V>();

  constructor(private readonly blockKey: BlockKey, private readonly max = MAX_KEPT_PER_BLOCK) {}

  /** The latest block's key now; what was kept for another block is dropped. */
  at(): string {
    const block = this.blockKey();
    if (block !== this.block) {
      this.kept.clear();
      this.size = 0;
      this.block = block;
    }
    return block;
  }

  /** The answer to `request` at the latest block: kept, or made by `make` (a throw is not kept). */
  get(request: string, make: () => V): V {
    const block = this.at();
    const hit = this.kept.get(request);
    if (hit !== undefined) return hit;
    const v = make();
    this.keep(request, v, block);
    return v;
  }

  /** The answer kept for `request` at the latest block, if any. */
  peek(request: string): V | undefined {
    this.at();
    return this.kept.get(request);
  }

  /** Keeps `v` as `request`'s answer if the latest block is still `block` (its `at()` when the answer was asked) and it fits. */
  keep(request: string, v: V, block: string): void {
    if (this.at() !== block || this.kept.has(request) || this.size + v.length + request.length > this.max) return;
    this.kept.set(request, v);
    this.size += v.length + request.length;
  }

  /** Answers kept now (tests). */
  get count(): number {
    return this.kept.size;
  }
}
