// x/slashing: jailing, unjailing, signing info (keeper.ts), its params.

import { queryService, type AppModule } from "../../framework/module.js";
import { msgUnjailDef } from "./messages.js";
import { Query } from "../../wire/gen/cosmos/slashing/v1beta1/query_pb.js";
import { slashingQueries } from "./queries.js";
import type { Slashing } from "./keeper.js";
import { slashingBlock, type SlashingBlockApp } from "./block.js";

/** What x/slashing's queries read: the validators' consensus keys, and the keeper (read per request: a dev-mode revert replaces it). */
export interface SlashingApp {
  readonly directory: { readonly validatorPrefix: string; validatorIds(): number[] };
  readonly validators: { key(id: number): { readonly address: string } | undefined };
  readonly slashing: Slashing;
}

export const slashingModule: AppModule<SlashingApp, SlashingBlockApp> = {
  name: "slashing",
  beginBlock: slashingBlock,
  messages: [msgUnjailDef],
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
