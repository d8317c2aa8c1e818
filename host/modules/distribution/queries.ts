// x/distribution's queries, one typed handler per method of its Query service, over the ledger's
// F1 records: pending rewards per delegation and in total, a validator's commission, outstanding
// rewards and self-bond rewards, the community pool, withdraw addresses and the params. Rewards
// are DecCoins (raw Decs; an empty list, never a zero coin). REST and abci_query render the same
// answers (framework/query-router.ts).

import type { DistributionParams } from "./update-params.js";
import { GatewayError, GrpcCode } from "../../wire/gateway-json.js";
import { accountAddressBytes } from "../../wire/address.js";
import { allPages, pageQuery, paginateArray } from "../../wire/cosmos-pagination.js";
import type { Query } from "../../wire/gen/cosmos/distribution/v1beta1/query_pb.js";
import type { ServiceHandlers } from "../../framework/query-router.js";
import type { ChainView } from "../../framework/view.js";
import { accountText } from "../auth/queries.js";
import { validatorIdOf } from "../staking/queries.js";

const notFound = (message: string) => new GatewayError(GrpcCode.NOT_FOUND, message);
const invalid = (message: string) => new GatewayError(GrpcCode.INVALID_ARGUMENT, message);

/** x/distribution's Query service; `params` the params now (else `communityTax`, a raw Dec, 0 if not given, and the SDK's defaults). */
export function distributionQueries(
  view: ChainView, options: { communityTax?: bigint; params?: () => DistributionParams; maxPageLimit?: number } = {},
): ServiceHandlers<typeof Query> {
  const { ledger, directory: dir, denom } = view;
  const decCoins = (raw: bigint) => (raw === 0n ? [] : [{ denom, amount: `${raw}` }]);
  const accountId = (text: string): { address: string; id?: number } => {
    const address = accountText(dir, text);
    return { address, id: dir.accountId(address) };
  };
  const validator = (text: string) => validatorIdOf(view, text);
  const delegationsOf = (id: number | undefined) =>
    id === undefined ? [] : allPages((start, limit) => ledger.delegatorDelegations(id, { start, limit }), ledger.maxPage);
  const validatorAddress = (id: number) => dir.validatorAddress(id) ?? "";

  return {
    params: () => {
      const p = options.params?.() ?? { communityTax: options.communityTax ?? 0n, baseProposerReward: 0n, bonusProposerReward: 0n, withdrawAddrEnabled: true };
      return {
        params: {
          communityTax: `${p.communityTax}`, baseProposerReward: `${p.baseProposerReward}`, bonusProposerReward: `${p.bonusProposerReward}`,
          withdrawAddrEnabled: p.withdrawAddrEnabled,
        },
      };
    },
    delegationTotalRewards: (r) => {
      let total = 0n;
      const rewards = delegationsOf(accountId(r.delegatorAddress).id).map((d) => {
        const pending = ledger.pendingRewards(d.delegator, d.validator);
        total += pending;
        return { validatorAddress: validatorAddress(d.validator), reward: decCoins(pending) };
      });
      return { rewards, total: decCoins(total) };
    },
    delegationRewards: (r) => {
      const val = validator(r.validatorAddress);
      const who = accountId(r.delegatorAddress);
      if (who.id === undefined || ledger.delegation(who.id, val) === undefined) throw notFound("delegation does not exist");
      return { rewards: decCoins(ledger.pendingRewards(who.id, val)) };
    },
    communityPool: () => ({ pool: decCoins(ledger.communityPool()) }),
    validatorCommission: (r) => ({ commission: { commission: decCoins(ledger.validator(validator(r.validatorAddress))!.accumulatedCommission) } }),
    validatorOutstandingRewards: (r) => ({ rewards: { rewards: decCoins(ledger.validator(validator(r.validatorAddress))!.outstanding) } }),
    validatorDistributionInfo: (r) => {
      const id = validator(r.validatorAddress);
      const v = ledger.validator(id)!;
      return {
        operatorAddress: dir.accountAddress(v.operator) ?? "",
        selfBondRewards: decCoins(ledger.delegation(v.operator, id) === undefined ? 0n : ledger.pendingRewards(v.operator, id)),
        commission: decCoins(v.accumulatedCommission),
      };
    },
    delegatorWithdrawAddress: (r) => {
      const who = accountId(r.delegatorAddress);
      return { withdrawAddress: who.id === undefined ? who.address : (dir.accountAddress(ledger.withdrawAddress(who.id)) ?? "") };
    },
    // The core keeps a validator's slash fractions inside its F1 records, not as events by
    // period: none are listed.
    validatorSlashes: (r) => {
      if (r.endingHeight < r.startingHeight) throw invalid(`starting height greater than ending height (${r.startingHeight} > ${r.endingHeight})`);
      try {
        accountAddressBytes(r.validatorAddress, dir.validatorPrefix);
      } catch {
        throw invalid("invalid validator address");
      }
      return { slashes: [], pagination: paginateArray([], () => 0n, pageQuery(r.pagination, options.maxPageLimit)).pagination };
    },
    delegatorValidators: (r) => ({ validators: delegationsOf(accountId(r.delegatorAddress).id).map((d) => validatorAddress(d.validator)) }),
  };
}
