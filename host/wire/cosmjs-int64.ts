// cosmjs-types 0.11.0's BinaryWriter writes 64-bit varints wrong for 2^31 <= v < 2^32: it keeps the
// low word as a signed int32 (`lo | 0`), and its varint writer then stops at once on the negative
// word and writes one zero byte where five are due. An ABCI response carrying such a number (a
// validator's power of 4,000,000,000, a tx's gas_wanted of 3,000,000,000) is then unreadable to
// CometBFT ("proto: ValidatorUpdate: illegal tag 0"), which stops its node. Until the library is
// fixed, its int64/uint64 writers are replaced here by @bufbuild/protobuf's encoding of the same
// varint: imported for its effect before any cosmjs-types message is encoded.
//
// Its allocator also makes a new 8 KiB pool on every call (`alloc` builds a fresh pool each time,
// so each encoded message of under 4 KiB costs an 8 KiB slab: 7 % of a CheckTx): it allocates
// what is asked instead.

import { BinaryWriter as BufWriter } from "@bufbuild/protobuf/wire";
import { BinaryWriter } from "cosmjs-types/binary";

type Internal = { _push(fn: (val: Uint8Array, buf: Uint8Array, pos: number) => void, len: number, val: Uint8Array): BinaryWriter };

const writeRaw = (val: Uint8Array, buf: Uint8Array, pos: number): void => buf.set(val, pos);

/**
 * The varint of a 64-bit value, signed or not: cosmjs-types writes both kinds through one function
 * (uint64 is int64), and a uint64 field may hold up to 2^64 - 1.
 */
function varint64(this: BinaryWriter, value: bigint | number | string): BinaryWriter {
  const v = BigInt(value);
  const bytes = v < 0n ? new BufWriter().int64(v).finish() : new BufWriter().uint64(v).finish();
  return (this as unknown as Internal)._push(writeRaw, bytes.length, bytes);
}

const proto = BinaryWriter.prototype as unknown as Record<string, unknown>;
proto.int64 = varint64;
proto.uint64 = varint64;

(BinaryWriter as unknown as { alloc(size: number): Uint8Array }).alloc = (size: number) => new Uint8Array(size);
