// x/slashing's queries, one typed handler per method of its Query service: the params and every
// validator's signing info (x/slashing's record under CometBFT, from its commit votes; zeros
// until a validator has one), addressed by consensus address. REST and abci_query render the
// same answers (framework/query-router.ts).

import { utf8ToBytes } from "@noble/hashes/utils.js";
import { hex } from "@scure/base";
import { encodeAddress } from "../../wire/address.js";
import { GatewayError, GrpcCode } from "../../wire/gateway-json.js";
import { duration, timestamp } from "../../wire/timestamp.js";
import type { Query } from "../../wire/gen/cosmos/slashing/v1beta1/query_pb.js";
import type { ServiceHandlers } from "../../framework/query-router.js";
import { DEFAULT_SLASHING_PARAMS, FOREVER_NS, FOREVER_SECONDS, type Slashing } from "./keeper.js";

export interface SlashingView {
  /** Bech32 prefix of consensus addresses (`crocnclcons`). */
  consensusPrefix: string;
  /** Every validator's consensus address (upper-case hex; each has a signing info). */
  consensusAddresses(): string[];
  slashing?: Slashing;
}

const decBytes = (raw: bigint) => utf8ToBytes(`${raw}`);

export function slashingQueries(o: SlashingView): ServiceHandlers<typeof Query> {
  // A jailed validator here may unjail at once (no downtime jail period runs): jailed_until is zero.
  const signingInfos = () =>
    o.consensusAddresses().map((hexAddress) => {
      const i = o.slashing?.info(hexAddress);
      return {
        address: encodeAddress(o.consensusPrefix, hex.decode(hexAddress.toLowerCase())),
        startHeight: i?.startHeight ?? 0n,
        indexOffset: i?.indexOffset ?? 0n,
        jailedUntil: i?.jailedUntilNs === FOREVER_NS ? { seconds: FOREVER_SECONDS, nanos: 0 } : timestamp(i?.jailedUntilNs ?? 0n),
        tombstoned: i?.tombstoned ?? false,
        missedBlocksCounter: i?.missedBlocksCounter ?? 0n,
      };
    });
  return {
    params: () => {
      const p = o.slashing?.params ?? DEFAULT_SLASHING_PARAMS;
      return {
        params: {
          signedBlocksWindow: p.signedBlocksWindow, minSignedPerWindow: decBytes(p.minSignedPerWindow),
          downtimeJailDuration: duration(p.downtimeJailDurationNs), slashFractionDoubleSign: decBytes(p.slashFractionDoubleSign),
          slashFractionDowntime: decBytes(p.slashFractionDowntime),
        },
      };
    },
    signingInfos: () => {
      const all = signingInfos();
      return { info: all, pagination: { total: BigInt(all.length) } };
    },
    signingInfo: (r) => {
      if (!r.consAddress.startsWith(`${o.consensusPrefix}1`)) {
        throw new GatewayError(GrpcCode.INVALID_ARGUMENT, `invalid consensus address: expected prefix ${o.consensusPrefix}`);
      }
      const info = signingInfos().find((i) => i.address === r.consAddress);
      if (info === undefined) throw new GatewayError(GrpcCode.NOT_FOUND, "SigningInfo not found");
      return { valSigningInfo: info };
    },
  };
}
