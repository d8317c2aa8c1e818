// x/evidence's MsgSubmitEvidence as chain-main 1ac014c6 answers it: the msg server's checks (the
// submitter's address, the evidence present, its ValidateBasic: evidence 3 `failed basic
// validation: …`), then the keeper: evidence already stored is evidence 5; otherwise chain-main
// gave its evidence keeper no router (app.go sets none), so the router lookup dereferences nil and
// baseapp recovers the panic: `undefined` 111222, after the Evidences read.

import { fromBinary } from "@bufbuild/protobuf";
import { message } from "../../framework/message.js";
import type { Sim } from "../../framework/gas/sim.js";
import { canonicalAddress } from "../../wire/address.js";
import { TxError, type ErrorKind } from "../../wire/errors.js";
import { EquivocationSchema } from "../../wire/gen/cosmos/evidence/v1beta1/evidence_pb.js";
import { MsgSubmitEvidenceSchema } from "../../wire/gen/cosmos/evidence/v1beta1/tx_pb.js";
import { equivocationBytes, evidenceHash, type Equivocation } from "./keeper.js";

export const EvidenceErrors = {
  InvalidEvidence: { codespace: "evidence", code: 3, description: "invalid evidence" },
  EvidenceExists: { codespace: "evidence", code: 5, description: "evidence already exists" },
  /** baseapp's ErrPanic: a recovered panic (its log the panic's text, no message index). */
  Panic: { codespace: "undefined", code: 111222, description: "panic" },
} as const satisfies Record<string, ErrorKind>;

const NS = 1_000_000_000n;
const EQUIVOCATION_URL = "/cosmos.evidence.v1beta1.Equivocation";

/** Go's time.Time String() of a unix ns time, UTC: `2006-01-02 15:04:05.999999999 +0000 UTC`. */
function goTime(ns: bigint): string {
  const s = ns / NS - (ns % NS < 0n ? 1n : 0n);
  const frac = ns - s * NS;
  const d = new Date(Number(s) * 1000).toISOString().slice(0, 19).replace("T", " ");
  const f = frac === 0n ? "" : `.${`${frac}`.padStart(9, "0").replace(/0+$/, "")}`;
  return `${d}${f} +0000 UTC`;
}

/** Equivocation.ValidateBasic. */
function validateEquivocation(e: Equivocation): string | undefined {
  if (e.timeNs / NS <= 0n) return `invalid equivocation time: ${goTime(e.timeNs)}`;
  if (e.height < 1n) return `invalid equivocation height: ${e.height}`;
  if (e.power < 1n) return `invalid equivocation validator power: ${e.power}`;
  if (e.consensusAddress === "") return `invalid equivocation validator consensus address: ${e.consensusAddress}`;
  return undefined;
}

export interface SubmitEvidence {
  submitter: string;
  evidence: Equivocation;
  hash: string;
}

export const msgSubmitEvidenceDef = message({
  refusesAll: true,
  schema: MsgSubmitEvidenceSchema,
  signer: (m, { prefix }) => {
    try {
      return canonicalAddress(m.submitter, prefix);
    } catch (e) {
      throw new TxError({ codespace: "sdk", code: 7, description: "invalid address" }, (e as Error).message);
    }
  },
  validate: (m, { prefix }): SubmitEvidence => {
    let submitter: string;
    try {
      submitter = canonicalAddress(m.submitter, prefix);
    } catch (e) {
      throw new TxError({ codespace: "sdk", code: 7, description: "invalid address" }, `invalid submitter address: ${(e as Error).message}`);
    }
    if (m.evidence === undefined) throw new TxError(EvidenceErrors.InvalidEvidence, "missing evidence");
    const x = fromBinary(EquivocationSchema, m.evidence.value);
    // gogoproto's non-nullable time: absent reads as Go's zero time (year 1).
    const evidence = { height: x.height, timeNs: x.time === undefined ? -62_135_596_800n * NS : x.time.seconds * NS + BigInt(x.time.nanos), power: x.power, consensusAddress: x.consensusAddress };
    const bad = validateEquivocation(evidence);
    if (bad !== undefined) throw new TxError(EvidenceErrors.InvalidEvidence, `failed basic validation: ${bad}`);
    return { submitter, evidence, hash: evidenceHash(evidence) };
  },
  handle(ctx, m) {
    if (ctx.evidence.get(m.hash) !== undefined) throw new TxError(EvidenceErrors.EvidenceExists, m.hash);
    throw TxError.rendered("undefined", 111222, "recovered: runtime error: invalid memory address or nil pointer dereference");
  },
  gas(k: Sim, m, ctx) {
    // Evidences.Get: prefix 0x00 and the 32-byte hash.
    const stored = ctx.evidence.get(m.hash);
    const any = stored === undefined ? 0 : 2 + EQUIVOCATION_URL.length + 2 + equivocationBytes(stored).length;
    k.meter.get("evidence", 33, any, "Evidences.Get");
    k.check(stored === undefined ? "undefined:111222" : "evidence:5", true);
  },
});
