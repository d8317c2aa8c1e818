// x/auth/vesting: vesting accounts (continuous, delayed, periodic, permanently locked) created by
// their messages (messages.ts); the core keeps each lock and refuses sends of locked coins
// (assembly/ledger/vesting.ts); x/auth renders the accounts (accounts.ts), x/bank's spendable
// balances subtract the locked coins, and the genesis carries them (genesis.ts).

import type { AppModule } from "../../app/module.js";
import { msgCreatePeriodicVestingAccount, msgCreatePermanentLockedAccount, msgCreateVestingAccount } from "./messages.js";

export const vestingModule: AppModule<object> = {
  name: "vesting",
  messages: [msgCreateVestingAccount, msgCreatePermanentLockedAccount, msgCreatePeriodicVestingAccount],
};
