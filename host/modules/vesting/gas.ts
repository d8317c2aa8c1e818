// x/auth/vesting's msg server as the SDK v0.53 keepers access the store: IsSendEnabledCoins,
// BlockedAddr (no access), GetAccount of the recipient (it must not exist), NewAccount (the next
// account number, read and written), SetAccount of the vesting account, then SendCoins. A periodic
// account checks the recipient before the denoms, and its lock is validated after NewAccount.

import { getAccount, sendCoins, sendEnabled, setAccount } from "../bank/gas.js";
import { Key, U64_VALUE } from "../../framework/gas/records.js";
import type { Sim } from "../../framework/gas/sim.js";
import type { MessageContext } from "../../framework/context.js";
import type { VestingLock } from "../../core/vesting.js";
import { vestingAccountFields } from "./records.js";
import type { CreateVesting } from "./validate.js";

function newVestingAccount(k: Sim, m: CreateVesting, lock: VestingLock): void {
  k.meter.get("acc", Key.nextAccountNumber, U64_VALUE, "NewAccount: NextAccountNumber");
  k.meter.set("acc", Key.nextAccountNumber, U64_VALUE, "NewAccount: NextAccountNumber");
  // NewPeriodicVestingAccount's Validate: a lock that ends where it starts (no periods) is sdk 18
  k.check("sdk:18", lock.kind === "periodic" && lock.endTime <= lock.startTime);
  const vesting = lock.kind === "continuous" || lock.kind === "periodic" ? lock.originalVesting : 0n;
  setAccount(k, { address: m.to, number: k.view.nextAccountNumber(), sequence: 0n, ...vestingAccountFields(lock, vesting, k.denom) }, "SetAccount vesting");
}

export function createVestingGas(k: Sim, m: CreateVesting, ctx: MessageContext): void {
  const lock = m.lock(k.block.timeNs, k.denom);
  const denoms = m.amount.map((c) => c.denom);
  if (lock.kind !== "periodic") sendEnabled(k, denoms, ctx.bank);
  k.check("sdk:4"); // BlockedAddr reads no store
  k.check("sdk:18", getAccount(k, m.to, "GetAccount") !== undefined);
  if (lock.kind === "periodic") sendEnabled(k, denoms, ctx.bank);
  newVestingAccount(k, m, lock);
  for (const c of m.amount) sendCoins(k, m.from, m.to, c.amount, c.denom);
}
