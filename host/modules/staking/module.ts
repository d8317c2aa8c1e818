// x/staking: validators, delegations, unbonding and redelegation (the core's ledger), validator
// creation and edits (validator-messages.ts), and the local chain's evidence stand-in
// (chainmain-dev MsgSlashValidator).

import { queryService, type AppModule } from "../../framework/module.js";
import { msgBeginRedelegateDef, msgCancelUnbondingDelegationDef, msgDelegateDef, msgSlashValidatorDef, msgUndelegateDef } from "./messages.js";
import { msgCreateValidatorDef, msgEditValidatorDef } from "./validator-messages.js";
import type { ChainView } from "../../framework/view.js";
import type { Json } from "../../framework/genesis-json.js";
import type { BlockWithTxs } from "../../framework/history.js";
import { Query } from "../../wire/gen/cosmos/staking/v1beta1/query_pb.js";
import { stakingQueries, type BlockHeaderAt } from "./queries.js";
import { msgUpdateStakingParams } from "./update-params.js";
import type { GovernedParams } from "../gov/governed-params.js";
import type { ValidatorRegistry } from "./validators.js";
import { stakingEndBlock, type StakingBlockApp } from "./block.js";
import { initStaking, type StakingInitApp } from "./genesis-init.js";
import { exportStaking, type StakingExportApp } from "./genesis-export.js";

/** What x/staking's queries read of the application: the ledger, the genesis document, the stored blocks. */
export type StakingApp = ChainView & { readonly genesisParams: Json; blockTxs(height: bigint): BlockWithTxs | undefined; readonly params?: GovernedParams };

/** A stored block's header: the one the node made (CometBFT's), or what a run of empty blocks keeps. */
function blockHeader(app: StakingApp, height: bigint): ReturnType<BlockHeaderAt> {
  const b = app.blockTxs(height);
  if (b === undefined) return undefined;
  const h = b.comet?.header;
  return {
    chainId: b.header.chainId, timeNs: b.header.timeNs, appHash: h?.app_hash ?? app.blockTxs(height - 1n)?.appHash,
    nextValidatorsHash: h?.next_validators_hash, proposer: h?.proposer_address,
  };
}

/** x/staking's historical_entries as the genesis gives it (the ledger keeps no historical info). */
function historicalEntries(doc: Json): number | undefined {
  const entries = (doc as { app_state?: { staking?: { params?: { historical_entries?: unknown } } } }).app_state?.staking?.params?.historical_entries;
  return typeof entries === "number" || typeof entries === "string" ? Number(entries) : undefined;
}

export const stakingModule: AppModule<StakingApp, StakingBlockApp, StakingInitApp, StakingExportApp> = {
  name: "staking",
  genesis: { init: initStaking, export: exportStaking },
  endBlock: stakingEndBlock,
  messages: [msgDelegateDef, msgUndelegateDef, msgBeginRedelegateDef, msgCancelUnbondingDelegationDef, msgCreateValidatorDef, msgEditValidatorDef, msgSlashValidatorDef, msgUpdateStakingParams],
  queries: {
    services: [Query],
    handlers: (app, o) => {
      const entries = historicalEntries(app.genesisParams);
      return [queryService(Query, stakingQueries(app, { ...o, governed: () => app.params?.get("staking"), blockHeader: (h) => blockHeader(app, h), ...(entries === undefined ? {} : { historicalEntries: entries }) }))];
    },
  },
};

/** The keeper this module adds to what a message handler sees (framework/context.ts). */
declare module "../../framework/context.js" {
  interface MessageContext {
    /** Validators' descriptions, commission limits and consensus keys. */
    readonly validators: ValidatorRegistry;
  }
}
