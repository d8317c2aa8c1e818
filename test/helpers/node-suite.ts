// Shared by the node-*.test.ts suites (the node's chain in process): the dev accounts' funds and
// fee, the burn address, a tx's event attribute, and a validator's and an account's address or id.

import type { TestNode as Node } from "./node.js";

export const S = 1_000_000_000n;
export const E18 = 10n ** 18n;
export const USER_FUNDS = 100_000_000_000_000n;
export const FEE_AMOUNT = 5000n;
export const BURN = "cro1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqtcgxmv";

export const attrOf = (tr: any, type: string, key: string) =>
  tr.events.find((e: any) => e.type === type)?.attributes.find((a: any) => a.key === key)?.value;
export const validator = (node: Node, id: number) => node.chain.directory.validatorAddress(id)!;
export const accountId = (node: Node, address: string) => node.chain.directory.accountId(address)!;
