// x/auth's ExportGenesis: its params (the genesis's, or the SDK's defaults) and every account the
// directory numbered (module accounts included), in address byte order.

import { addressOrder, type Json } from "../../framework/genesis-json.js";
import type { GenesisExportBase } from "../../framework/genesis-place.js";
import { ACCOUNT_PREFIX } from "../../framework/prefixes.js";
import type { NodeDirectory } from "./directory.js";
import type { VestingLock } from "../../core/vesting.js";
import { AUTH_PARAMS, accountJson, foreignModules, type AuthGenesis } from "./genesis.js";

/** What x/auth's ExportGenesis reads. */
export interface AuthExportApp extends GenesisExportBase {
  readonly genesis: { readonly sdk: { readonly auth: AuthGenesis } };
  readonly directory: NodeDirectory;
  /** A vesting account's lock (x/auth/vesting, the core's), or undefined. */
  vestingLock(id: number): VestingLock | undefined;
}

export function exportAuth(app: AuthExportApp): Json {
  const byBytes = addressOrder(ACCOUNT_PREFIX, false);
  const accounts = app.directory.accounts().filter((a) => a.number !== undefined || a.id < 16).sort((a, b) => byBytes(a.address, b.address));
  const foreign = foreignModules(app.genesis.sdk.auth);
  return {
    params: app.kept("auth")?.params ?? { ...AUTH_PARAMS },
    accounts: accounts.map((a) => {
      const lock = app.vestingLock(a.id);
      return accountJson({ ...a, number: a.number ?? BigInt(a.id) }, foreign.get(a.address), ACCOUNT_PREFIX, lock && { lock, denom: app.denom });
    }),
  };
}
