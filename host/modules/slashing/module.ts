// x/slashing: jailing, unjailing, signing info (keeper.ts), its params.

import { queryService, type AppModule } from "../../framework/module.js";
import { msgUnjailDef } from "./messages.js";
import { msgUpdateSlashingParams } from "./update-params.js";
import { Query } from "../../wire/gen/cosmos/slashing/v1beta1/query_pb.js";
import { slashingQueries } from "./queries.js";
import type { Slashing } from "./keeper.js";
import { slashingBlock, type SlashingBlockApp } from "./block.js";
import type { SigningInfo } from "./params.js";
import { VALIDATOR_PREFIX } from "../../framework/prefixes.js";
import { slashingJson } from "./genesis.js";

/** What x/slashing's queries read: the validators' consensus keys, and the keeper (read per request: a dev-mode revert replaces it). */
export interface SlashingApp {
  readonly directory: { readonly validatorPrefix: string; validatorIds(): number[] };
  readonly validators: { key(id: number): { readonly address: string } | undefined };
  readonly slashing: Slashing;
}

/** What x/slashing's InitGenesis reads and writes: the signing infos into the keeper. */
export interface SlashingInitApp {
  readonly genesis: { readonly sdk: { readonly signingInfos: ReadonlyMap<string, SigningInfo> } };
  readonly slashing: Slashing;
}

export const slashingModule: AppModule<SlashingApp, SlashingBlockApp, SlashingInitApp, { readonly slashing: Slashing }> = {
  name: "slashing",
  genesis: {
    export: (app) => slashingJson(app.slashing.params, app.slashing.all(), `${VALIDATOR_PREFIX}cons`),
    init: (app) => {
      for (const [address, info] of app.genesis.sdk.signingInfos) app.slashing.importRecord(`s/${address}`, JSON.stringify(info, (_, v) => (typeof v === "bigint" ? `${v}n` : v)));
    },
  },
  beginBlock: slashingBlock,
  messages: [msgUnjailDef, msgUpdateSlashingParams],
  queries: {
    services: [Query],
    handlers: (app) => [queryService(Query, slashingQueries({
      consensusPrefix: `${app.directory.validatorPrefix}cons`,
      consensusAddresses: () => app.directory.validatorIds().map((id) => app.validators.key(id)!.address),
      get slashing() {
        return app.slashing;
      },
    }))],
  },
};
