// x/auth's ExportGenesis: its params (the genesis's, or the SDK's defaults) and every account the
// directory numbered (module accounts included), in address byte order.

import { addressOrder } from "../../framework/genesis-json.js";
import { lazyMap, type StreamJson } from "../../framework/json-stream.js";
import type { GenesisExportBase } from "../../framework/genesis-place.js";
import { ACCOUNT_PREFIX } from "../../framework/prefixes.js";
import type { AccountRecord, NodeDirectory } from "./directory.js";
import type { VestingLock } from "../../core/vesting.js";
import { AUTH_PARAMS, accountJson, foreignModules, type AuthGenesis } from "./genesis.js";

/** What x/auth's ExportGenesis reads. */
export interface AuthExportApp extends GenesisExportBase {
  readonly genesis: { readonly sdk: { readonly auth: AuthGenesis } };
  readonly directory: NodeDirectory;
  /** The directory's accounts (directory.accounts()), when the export has read them already. */
  readonly accounts?: readonly AccountRecord[];
  /** A vesting account's lock (x/auth/vesting, the core's), or undefined. */
  vestingLock(id: number): VestingLock | undefined;
}

export function exportAuth(app: AuthExportApp): StreamJson {
  const byBytes = addressOrder(ACCOUNT_PREFIX, false);
  const accounts = (app.accounts ?? app.directory.accounts()).filter((a) => a.number !== undefined || a.id < 16).sort((a, b) => byBytes(a.address, b.address));
  const foreign = foreignModules(app.genesis.sdk.auth);
  return {
    params: app.kept("auth")?.params ?? { ...AUTH_PARAMS },
    // The directory's entries and the core's locks are live: what the items are made of is taken
    // now (the height the export reads), the items' JSON as they are written.
    accounts: lazyMap(
      accounts.map((a) => ({ a: { ...a, number: a.number ?? BigInt(a.id) }, lock: app.vestingLock(a.id) })),
      ({ a, lock }) => accountJson(a, foreign.get(a.address), ACCOUNT_PREFIX, lock && { lock, denom: app.denom }),
    ),
  };
}
