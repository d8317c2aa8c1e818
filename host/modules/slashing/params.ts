// x/slashing's parameters and a validator's signing info: plain records (no event or wire code),
// so that the genesis types (and the web package's typings) reach them without the keeper.

export interface SlashingParams {
  signedBlocksWindow: bigint;
  /** Raw Dec. */
  minSignedPerWindow: bigint;
  downtimeJailDurationNs: bigint;
  /** Raw Decs. */
  slashFractionDoubleSign: bigint;
  slashFractionDowntime: bigint;
}

/** The SDK's DefaultParams. */
export const DEFAULT_SLASHING_PARAMS: SlashingParams = {
  signedBlocksWindow: 100n,
  minSignedPerWindow: 5n * 10n ** 17n,
  downtimeJailDurationNs: 600n * 1_000_000_000n,
  slashFractionDoubleSign: 5n * 10n ** 16n,
  slashFractionDowntime: 10n ** 16n,
};

export interface SigningInfo {
  startHeight: bigint;
  indexOffset: bigint;
  jailedUntilNs: bigint;
  tombstoned: boolean;
  missedBlocksCounter: bigint;
  /** Indices (in the window) of the blocks missed. */
  missed: number[];
}

