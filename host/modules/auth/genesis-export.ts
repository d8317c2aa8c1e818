// x/auth's ExportGenesis: its params (the genesis's, or the SDK's defaults) and every account the
// directory numbered (module accounts included), in address byte order.

import { addressSortKey, sortedInSteps } from "../../framework/genesis-json.js";
import { deferredOnce, lazyMap, type StreamJson } from "../../framework/json-stream.js";
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
  const foreign = foreignModules(app.genesis.sdk.auth);
  const params = app.kept("auth")?.params ?? { ...AUTH_PARAMS };
  // The accounts are the export's (read from its snapshot, or copied now), the locks taken at its
  // start: they are sorted when the writer reaches them, a step at a time, each item's JSON made as written.
  const all = app.accounts ?? app.directory.accounts().map((a) => ({ ...a }));
  return deferredOnce(function* () {
    const listed = all.filter((a) => a.number !== undefined || a.id < 16);
    yield;
    const accounts = yield* sortedInSteps(listed, (a) => addressSortKey(a.address, ACCOUNT_PREFIX, false));
    return {
      params,
      accounts: lazyMap(accounts, (a) => {
        const lock = app.vestingLock(a.id);
        return accountJson({ ...a, number: a.number ?? BigInt(a.id) }, foreign.get(a.address), ACCOUNT_PREFIX, lock && { lock, denom: app.denom });
      }),
    };
  });
}
