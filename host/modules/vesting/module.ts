// x/auth/vesting: vesting accounts (continuous, delayed, periodic, permanently locked) created by
// their messages (messages.ts); the core keeps each lock and refuses sends of locked coins
// (assembly/ledger/vesting.ts); x/auth renders the accounts (accounts.ts), x/bank's spendable
// balances subtract the locked coins, and the genesis carries them (genesis.ts).

import type { AppModule } from "../../framework/module.js";
import { msgCreatePeriodicVestingAccount, msgCreatePermanentLockedAccount, msgCreateVestingAccount } from "./messages.js";
import type { Ledger } from "../../core/ledger.js";
import type { NodeDirectory } from "../auth/directory.js";
import type { Genesis } from "../genutil/genesis-sdk.js";
import { at as atPath } from "../../framework/genesis-place.js";
import { bondLock } from "./genesis.js";

/** What x/auth/vesting's InitGenesis reads and writes: the vesting accounts' locks into the core (after x/bank's balances). */
export interface VestingInitApp {
  readonly genesis: Pick<Genesis, "sdk" | "mint">;
  readonly ledger: Ledger;
  readonly directory: NodeDirectory;
}

export const vestingModule: AppModule<object, unknown, VestingInitApp> = {
  name: "vesting",
  genesis: {
    // The vesting accounts' locks, of the bond denom (the accounts themselves are x/auth's).
    init: (app) => {
      for (const a of app.genesis.sdk.auth.accounts) {
        if (a.vesting === undefined) continue;
        const path = `app_state.auth.accounts (${a.address})`;
        const lock = bondLock(a.vesting, app.genesis.mint.params.mintDenom, path);
        atPath(path, () => app.ledger.vesting.create(app.directory.accountId(a.address)!, lock));
      }
    },
  },
  messages: [msgCreateVestingAccount, msgCreatePermanentLockedAccount, msgCreatePeriodicVestingAccount],
};
