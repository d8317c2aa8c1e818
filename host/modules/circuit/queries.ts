// x/circuit's queries (cosmossdk.io/x/circuit v0.1.1 keeper/query.go): an account's permissions
// (collections' not found, gRPC NotFound, for an account without), every account's (paginated by
// address bytes), and the disabled type URLs.

import { GatewayError, GrpcCode } from "../../wire/gateway-json.js";
import { accountAddressBytes, canonicalAddress } from "../../wire/address.js";
import { DEFAULT_LIMITS } from "../../limits.js";
import type { Query } from "../../wire/gen/cosmos/circuit/v1/query_pb.js";
import type { ServiceHandlers } from "../../framework/query-router.js";
import type { QueryOptions } from "../../framework/module.js";
import type { Directory } from "../../framework/view.js";
import { paginate } from "../nft/queries.js";
import type { Circuit } from "./keeper.js";

/** What x/circuit's queries read of the application. */
export interface CircuitView {
  readonly circuit: Circuit;
  readonly directory: Directory;
}

export function circuitQueries(app: CircuitView, o: QueryOptions = {}): ServiceHandlers<typeof Query> {
  const maxLimit = o.maxPageLimit ?? DEFAULT_LIMITS.maxPageLimit;
  return {
    account: (req) => {
      let address: string;
      try {
        address = canonicalAddress(req.address, app.directory.accountPrefix);
      } catch (e) {
        throw new GatewayError(GrpcCode.UNKNOWN, (e as Error).message);
      }
      const p = app.circuit.permissions(address);
      if (p === undefined) {
        const hex = Buffer.from(accountAddressBytes(address, app.directory.accountPrefix)).toString("hex");
        throw new GatewayError(GrpcCode.UNKNOWN, `collections: not found: key 'hexBytes:${hex}' of type github.com/cosmos/gogoproto/cosmos.circuit.v1.Permissions`);
      }
      return { permission: { level: p.level, limitTypeUrls: [...p.limitTypeUrls] } };
    },
    accounts: (req) => {
      const rows = app.circuit.accounts().map((a) => ({ key: a.address, item: a }));
      const page = paginate(rows, req.pagination, maxLimit);
      return {
        accounts: page.items.map((a) => ({ address: a.address, permissions: { level: a.permissions.level, limitTypeUrls: [...a.permissions.limitTypeUrls] } })),
        pagination: page.pagination,
      };
    },
    disabledList: () => ({ disabledList: app.circuit.disabledList() }),
  };
}
