// x/auth's ExportGenesis: its params (the genesis's, or the SDK's defaults) and every account the
// directory numbered (module accounts included), in address byte order.

import { addressSortKey, sortedInSteps } from "../../framework/genesis-json.js";
import { deferredOnce, indentUnit, lazyMap, type ItemWriters, type StreamJson } from "../../framework/json-stream.js";
import type { GenesisExportBase } from "../../framework/genesis-place.js";
import { ACCOUNT_PREFIX } from "../../framework/prefixes.js";
import type { AccountRecord, NodeDirectory } from "./directory.js";
import type { VestingLock } from "../../core/vesting.js";
import { AUTH_PARAMS, BASE_ACCOUNT, SECP256K1, accountJson, foreignModules, type AuthGenesis } from "./genesis.js";

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
      }, BASE_ACCOUNT_WRITERS),
    };
  });
}

/**
 * A base account's text, compiled (json-stream.ts): the accounts but a few module and vesting
 * ones, whose text (as a pub_key of another type's) is left to the general path.
 */
type BaseAccountItem = { "@type": string; address: string; pub_key: null | { "@type": string; key: string }; account_number: string; sequence: string };
const J = JSON.stringify;
const baseAccount = (item: unknown): BaseAccountItem | undefined => {
  const a = item as BaseAccountItem;
  return a["@type"] === BASE_ACCOUNT && (a.pub_key === null || a.pub_key["@type"] === SECP256K1) ? a : undefined;
};
export const BASE_ACCOUNT_WRITERS: ItemWriters = {
  indented: (item, inner, outer) => {
    const a = baseAccount(item);
    if (a === undefined) return undefined;
    const i2 = inner + indentUnit(inner, outer);
    const key = a.pub_key === null ? "null" : `{${i2}"@type": ${J(a.pub_key["@type"])},${i2}"key": ${J(a.pub_key.key)}${inner}}`;
    return `{${inner}"@type": ${J(a["@type"])},${inner}"address": ${J(a.address)},${inner}"pub_key": ${key},` +
      `${inner}"account_number": ${J(a.account_number)},${inner}"sequence": ${J(a.sequence)}${outer}}`;
  },
  sorted: (item) => {
    const a = baseAccount(item);
    if (a === undefined) return undefined;
    const key = a.pub_key === null ? "null" : `{"@type":${J(a.pub_key["@type"])},"key":${J(a.pub_key.key)}}`;
    return `{"@type":${J(a["@type"])},"account_number":${J(a.account_number)},"address":${J(a.address)},"pub_key":${key},"sequence":${J(a.sequence)}}`;
  },
};
