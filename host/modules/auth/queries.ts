// x/auth's queries, one typed handler per method of its Query service: accounts (a BaseAccount
// or, for the module accounts, a ModuleAccount, in an Any), account info, the module accounts,
// the params the ante handler applies, the bech32 prefix and the address of an account number.
// REST and abci_query render the same answers (framework/query-router.ts).

import type { Params } from "../../wire/gen/cosmos/auth/v1beta1/query_pb.js";
import { hex } from "@scure/base";
import { accountAddressBytes, canonicalAddress } from "../../wire/address.js";
import { pageQuery, paginateArray } from "../../wire/cosmos-pagination.js";
import { sdkAny } from "../../wire/any.js";
import type { Any } from "@bufbuild/protobuf/wkt";
import { GatewayError, GrpcCode } from "../../wire/gateway-json.js";
import { FIRST_USER_ACCOUNT } from "../../core/ledger.js";
import { GasSchedule } from "../../framework/gas.js";
import { BaseAccountSchema, ModuleAccountSchema, ModuleCredentialSchema, Query } from "../../wire/gen/cosmos/auth/v1beta1/query_pb.js";
import { credentialOf, isCredential } from "../../wire/credential.js";
import { PubKeySchema } from "../../wire/gen/cosmos/crypto/secp256k1/keys_pb.js";
import type { ServiceHandlers } from "../../framework/query-router.js";
import type { Directory } from "../../framework/view.js";
import { MODULE_ACCOUNTS, MODULE_PERMISSIONS } from "./directory.js";

const invalid = (message: string) => new GatewayError(GrpcCode.INVALID_ARGUMENT, message);
const notFound = (message: string) => new GatewayError(GrpcCode.NOT_FOUND, message);

/** An account address's canonical text; bad text is 400 (`invalid address: …`). */
export function accountText(dir: Directory, text: string): string {
  try {
    return canonicalAddress(text, dir.accountPrefix);
  } catch (e) {
    throw invalid(`invalid address: ${(e as Error).message}`);
  }
}

/** An account address as the SDK's address codec reads it, its error passed on as is (gRPC Unknown, 500). */
export function codecAddress(dir: Directory, text: string): Uint8Array {
  try {
    return accountAddressBytes(text, dir.accountPrefix);
  } catch (e) {
    throw new GatewayError(GrpcCode.UNKNOWN, (e as Error).message);
  }
}

function checksumFails(dir: Directory, text: string): boolean {
  try {
    accountAddressBytes(text, dir.accountPrefix);
    return false;
  } catch (e) {
    return (e as Error).message.includes("invalid checksum");
  }
}

/** Accounts (ids) in the order of their address bytes, as the SDK's stores keep them. */
export function byAddressBytes(dir: Directory, ids: readonly number[]): { id: number; address: string }[] {
  const keyed = ids.flatMap((id) => {
    const address = dir.accountAddress(id);
    return address === undefined ? [] : [{ id, address, key: hex.encode(accountAddressBytes(address, dir.accountPrefix)) }];
  });
  return keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)).map(({ id, address }) => ({ id, address }));
}

/** A list's positions as its page keys (the node's 8-byte keys over a list ordered otherwise than by id). */
export const indexKey = <T>(list: readonly T[]): ((t: T) => bigint) => {
  const at = new Map(list.map((t, i) => [t, BigInt(i)]));
  return (t) => at.get(t)!;
};

const pubKey = (key: Uint8Array | undefined) => (key === undefined ? undefined : isCredential(key) ? sdkAny(ModuleCredentialSchema, credentialOf(key)) : sdkAny(PubKeySchema, { key }));

/** An account's BaseAccount fields. */
const baseAccountOf = (address: string, a: NonNullable<ReturnType<Directory["account"]>>) => ({
  address, pubKey: pubKey(a.pubKey), accountNumber: a.accountNumber, sequence: a.sequence,
});

/** x/auth's Query service over the chain's directory of accounts (`vesting`: a vesting account's Any, x/auth/vesting's). */
export function authQueries(
  dir: Directory,
  options: {
    maxPageLimit?: number;
    vesting?: (address: string, base: ReturnType<typeof baseAccountOf>) => Any | undefined;
    governed?: () => Params | undefined;
  } = {},
): ServiceHandlers<typeof Query> {
  const baseAccount = baseAccountOf;

  /** A module account as x/auth stores it (the rewards pool is one: REFERENCE §11). */
  const moduleAccount = (id: number) => {
    const name = MODULE_ACCOUNTS.find(([, x]) => x === id)?.[0];
    const address = dir.accountAddress(id);
    const a = address === undefined ? undefined : dir.account(address);
    if (name === undefined || a === undefined) return undefined;
    return sdkAny(ModuleAccountSchema, { baseAccount: { ...baseAccount(address!, a), pubKey: undefined }, name, permissions: [...MODULE_PERMISSIONS[name]!] });
  };

  /** A stored account: the module's, or a BaseAccount. */
  const account = (text: string) => {
    // Text that spells an address but fails its checksum names no account: NotFound, which
    // CosmJS's getAccount reads as "no such account" (null), as the node has always answered it.
    if (checksumFails(dir, text)) throw notFound(`account ${text} not found`);
    const address = accountText(dir, text);
    const a = dir.account(address);
    if (a === undefined) throw notFound(`account ${address} not found`);
    const id = dir.accountId(address);
    const m = id !== undefined && id < FIRST_USER_ACCOUNT ? moduleAccount(id) : undefined;
    return m ?? options.vesting?.(address, baseAccount(address, a)) ?? sdkAny(BaseAccountSchema, baseAccount(address, a));
  };

  return {
    accounts: (r) => {
      const all = byAddressBytes(dir, dir.accountIds()).filter(({ address }) => dir.account(address) !== undefined);
      const { items, pagination } = paginateArray(all, indexKey(all), pageQuery(r.pagination, options.maxPageLimit));
      return { accounts: items.map(({ address }) => account(address)), pagination };
    },
    account: (r) => ({ account: account(r.address) }),
    accountInfo: (r) => {
      const address = accountText(dir, r.address);
      const a = dir.account(address);
      if (a === undefined) throw notFound(`account ${address} not found`);
      return { info: baseAccount(address, a) };
    },
    params: () => ({
      params: options.governed?.() ?? {
        maxMemoCharacters: 256n, txSigLimit: 7n, txSizeCostPerByte: GasSchedule.txSizeCostPerByte,
        sigVerifyCostEd25519: 590n, sigVerifyCostSecp256k1: GasSchedule.sigVerifyCostSecp256k1,
      },
    }),
    bech32Prefix: () => ({ bech32Prefix: dir.accountPrefix }),
    moduleAccounts: () => ({ accounts: MODULE_ACCOUNTS.map(([, id]) => moduleAccount(id)).filter((a) => a !== undefined) }),
    moduleAccountByName: (r) => {
      const m = MODULE_ACCOUNTS.find(([name]) => name === r.name);
      const a = m === undefined ? undefined : moduleAccount(m[1]);
      if (a === undefined) throw notFound(`account ${r.name} not found`);
      return { account: a };
    },
    // The path's `id` (int64) is no longer served: the account number comes as `account_id`.
    accountAddressByID: (r) => {
      if (r.id !== 0n) throw invalid("requesting with id isn't supported, try to request using account-id");
      const address = r.accountId < BigInt(Number.MAX_SAFE_INTEGER) ? dir.accountAddress(Number(r.accountId)) : undefined;
      if (address === undefined || dir.account(address) === undefined) throw notFound(`account address not found with account number ${r.accountId}`);
      return { accountAddress: address };
    },
  };
}
