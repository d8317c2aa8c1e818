// x/evidence's queries (cosmossdk.io/x/evidence v0.1.1 keeper/grpc_query.go): one evidence by its
// hash (hex; NotFound `evidence <hash> not found`, a bad hex the keeper's plain error, gRPC Unknown)
// and every evidence stored, paged in the store's order.

import { create, toBinary } from "@bufbuild/protobuf";
import { GatewayError, GrpcCode } from "../../wire/gateway-json.js";
import { EquivocationSchema } from "../../wire/gen/cosmos/evidence/v1beta1/evidence_pb.js";
import type { Query } from "../../wire/gen/cosmos/evidence/v1beta1/query_pb.js";
import type { ServiceHandlers } from "../../framework/query-router.js";
import { paginate } from "../nft/queries.js";
import type { Equivocation, Evidence } from "./keeper.js";

/** What x/evidence's queries read of the application. */
export interface EvidenceView {
  readonly evidence: Evidence;
}

const NS = 1_000_000_000n;
const anyOf = (e: Equivocation) => ({
  typeUrl: "/cosmos.evidence.v1beta1.Equivocation",
  value: toBinary(EquivocationSchema, create(EquivocationSchema, {
    height: e.height, time: { seconds: e.timeNs / NS, nanos: Number(e.timeNs % NS) }, power: e.power, consensusAddress: e.consensusAddress,
  })),
});

/** Go's encoding/hex error for the first bad character of `s`. */
function hexError(s: string): string | undefined {
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (!/[0-9a-fA-F]/.test(c)) return `encoding/hex: invalid byte: U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")} '${c}'`;
  }
  return s.length % 2 === 1 ? "encoding/hex: odd length hex string" : undefined;
}

export function evidenceQueries(app: EvidenceView, options: { maxPageLimit?: number } = {}): ServiceHandlers<typeof Query> {
  return {
    evidence: (r) => {
      if (r.hash === "") throw new GatewayError(GrpcCode.INVALID_ARGUMENT, "invalid request; hash is empty");
      const bad = hexError(r.hash);
      if (bad !== undefined) throw new GatewayError(GrpcCode.UNKNOWN, `invalid evidence hash: ${bad}`);
      const e = app.evidence.get(r.hash);
      if (e === undefined) throw new GatewayError(GrpcCode.NOT_FOUND, `evidence ${r.hash} not found`);
      return { evidence: anyOf(e) };
    },
    allEvidence: (r) => {
      const rows = app.evidence.all().map(([hash, e]) => ({ key: hash, item: e }));
      const page = paginate(rows, r.pagination, options.maxPageLimit ?? 100);
      return { evidence: page.items.map(anyOf), pagination: page.pagination };
    },
  };
}
