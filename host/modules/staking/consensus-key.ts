// The genesis validators' ed25519 consensus keys, unless the genesis gives them: derived from the
// chain id and the operator address, the same on every start and in every view (the RPC's validator
// set and headers, REST's validators, signing infos); the node signs its own blocks with them, and
// `npm run testnet` writes them into each validator's CometBFT home. A validator made by
// MsgCreateValidator brings its own key (node/validators.ts).

import { ed25519 } from "@noble/curves/ed25519.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js";
import type { Ledger } from "../../core/ledger.js";
import type { ConsensusValidator } from "../../framework/header.js";

/** Private key (the block signer's, header.ts), public key and CometBFT address (upper-case hex of sha256(pub)[:20]). */
export function consensusKey(chainId: string, operator: string): ConsensusKey {
  const id = `${chainId}|${operator}`;
  let key = derived.get(id);
  if (key === undefined) {
    const seed = sha256(utf8ToBytes(`consensus-key|${id}`));
    const pub = ed25519.getPublicKey(seed);
    key = { seed, pub, address: consensusAddressOf(pub) };
    if (derived.size >= MAX_KEPT) derived.clear();
    derived.set(id, key);
  }
  return key;
}

/** CometBFT's address of an ed25519 public key: upper-case hex of sha256(pub)[:20]. */
export const consensusAddressOf = (pub: Uint8Array): string => bytesToHex(sha256(pub).subarray(0, 20)).toUpperCase();

export interface ConsensusKey {
  readonly seed: Uint8Array;
  readonly pub: Uint8Array;
  readonly address: string;
}

/** Derived keys, kept: an ed25519 public key costs ~0.1 ms, and every validator list and block asks. */
const derived = new Map<string, ConsensusKey>();
const MAX_KEPT = 10_000;

/** The bonded validators by power (then id): the set a block's header commits to and that signs it. */
export function consensusSet(
  ledger: Ledger, directory: { validatorIds(): number[] }, keyOf: (id: number) => { pub: Uint8Array; address: string; seed?: Uint8Array } | undefined,
): ConsensusValidator[] {
  return directory.validatorIds()
    .map((id) => ({ id, power: ledger.validator(id)!.lastPower }))
    .filter((x) => x.power > 0n)
    .sort((a, b) => (a.power > b.power ? -1 : a.power < b.power ? 1 : a.id - b.id))
    .map(({ id, power }) => {
      const k = keyOf(id)!;
      return { address: hexToBytes(k.address.toLowerCase()), pub: k.pub, power, ...(k.seed ? { seed: k.seed } : {}) };
    });
}
