// The explorer's validators (list by voting power, and a validator's page with its delegators and
// uptime), accounts (balances, delegations, rewards, unbondings, tier positions, NFTs, txs) and a
// tier position's page.

import { groupThousands } from "../format.js";
import { bech32Decode, decPercent, getJson, q, ratio, tryJson, unitOf, validators } from "./api.js";
import { cell } from "./blocks.js";
import { accountLink, amount, blockLink, coins, facts, h, link, msgTypes, pager, result, section, table, time, txLink, validatorLink } from "./dom.js";
import type { Ctx, Page } from "./page.js";

const PER_PAGE = 20;
const pagesOf = (total: bigint | number) => Math.max(1, Math.ceil(Number(total) / PER_PAGE));
const notFound = (title: string, message: string): Page => ({ title, body: [h("p", { role: "alert", class: "error" }, message)] });

const status = (s: string, jailed: boolean) => h("span", { class: `status ${s}` }, jailed ? `${s}, jailed` : s);

export async function validatorList(_ctx: Ctx, page: number): Promise<Page> {
  const all = await validators();
  const total = all.reduce((s, v) => (v.status === "bonded" ? s + v.tokens : s), 0n);
  // Mintscan's cumulative share: the bonded validators' shares summed down the list.
  let running = all.slice(0, (page - 1) * PER_PAGE).reduce((s, v) => (v.status === "bonded" ? s + v.tokens : s), 0n);
  const rows = all.slice((page - 1) * PER_PAGE, page * PER_PAGE).map((v, i) => {
    if (v.status === "bonded") running += v.tokens;
    return [String((page - 1) * PER_PAGE + i + 1), validatorLink(v.operator, v.moniker), amount(String(v.tokens), _ctx.bondDenom),
      v.status === "bonded" ? ratio(v.tokens, total) : "–", v.status === "bonded" ? ratio(running, total) : "–", decPercent(v.commission), status(v.status, v.jailed)];
  });
  return {
    title: "Validators",
    body: [section(`Validators (${all.length})`,
      table("Validators by voting power", ["Rank", "Validator", "Voting power", "Share", "Cumulative", "Commission", "Status"], rows, { id: "validators", empty: "No validators." }),
      pager("validators", page, pagesOf(all.length), "Validators"))],
  };
}

/** Uptime over the slashing window: 1 - missed / min(window, blocks since it started signing). */
async function uptime(ctx: Ctx, consKey: string): Promise<string> {
  const [set, params, top] = await Promise.all([
    tryJson("/cosmos/base/tendermint/v1beta1/validatorsets/latest?pagination.limit=1000", { validators: [] as any[] }),
    tryJson("/cosmos/slashing/v1beta1/params", null as any),
    ctx.top(),
  ]);
  const cons = set.validators.find((s) => s.pub_key?.key === consKey)?.address;
  if (!cons || !params) return "– (not in the active set)";
  const info = await tryJson(`/cosmos/slashing/v1beta1/signing_infos/${cons}`, null as any);
  if (!info) return "–";
  const since = top - BigInt(info.val_signing_info.start_height) + 1n;
  const window = BigInt(params.params.signed_blocks_window);
  const seen = since < window ? since : window;
  const missed = BigInt(info.val_signing_info.missed_blocks_counter);
  return `${ratio(seen - missed, seen)} (missed ${missed} of the last ${seen} blocks)`;
}

export async function validator(ctx: Ctx, operator: string, page: number): Promise<Page> {
  const all = await validators();
  const v = all.find((x) => x.operator === operator);
  if (!v) return notFound("Validator not found", `No validator has the operator address ${operator}.`);
  const d = bech32Decode(operator);
  const account = d ? bech32Encode(ctx.prefixes.account, d.bytes) : "";
  const total = all.reduce((s, x) => (x.status === "bonded" ? s + x.tokens : s), 0n);
  const [dist, dels, up, tiers] = await Promise.all([
    tryJson(`/cosmos/distribution/v1beta1/validators/${operator}`, { commission: [], self_bond_rewards: [] }),
    tryJson(`/cosmos/staking/v1beta1/validators/${operator}/delegations?pagination.limit=${PER_PAGE}&pagination.offset=${(page - 1) * PER_PAGE}&pagination.count_total=true`, { delegation_responses: [], pagination: { total: "0" } }),
    uptime(ctx, v.consKey),
    tryJson(`${ctx.chain}/tieredrewards/v1/positions?pagination.limit=1000`, { positions: [] as any[] }),
  ]);
  const onThis = tiers.positions.filter((p) => p.validator === operator);
  const c = v.raw.commission?.commission_rates ?? {};
  const dec = (list: any[]) => coins(list.map((x) => ({ denom: x.denom, amount: String(x.amount).split(".")[0]! })));
  return {
    title: v.moniker,
    body: [section("Validator",
      facts([["Moniker", v.moniker], ["Operator address", h("span", { class: "hash" }, operator)], ["Account", account ? accountLink(account, true) : "–"],
        ["Status", status(v.status, v.jailed)], ["Voting power", amount(String(v.tokens), ctx.bondDenom)], ["Share of bonded", v.status === "bonded" ? ratio(v.tokens, total) : "–"],
        ["Commission", `${decPercent(c.rate ?? "0")} (max ${decPercent(c.max_rate ?? "0")}, max change ${decPercent(c.max_change_rate ?? "0")} a day)`],
        ["Uptime", up], ["Outstanding commission", dec(dist.commission)], ["Self-bond rewards", dec(dist.self_bond_rewards)],
        ["Website", v.raw.description?.website || "–"], ["Details", v.raw.description?.details || "–"]], "validator-facts")),
    section(`Delegators (${groupThousands(BigInt(dels.pagination?.total ?? "0"))})`,
      table("Delegators of the validator", ["Delegator", "Amount"], (dels.delegation_responses as any[]).map((x) => [accountLink(x.delegation.delegator_address, true), amount(x.balance.amount, x.balance.denom)]),
        { id: "validator-delegators", empty: "No delegators." }),
      pager(`validators/${operator}`, page, pagesOf(BigInt(dels.pagination?.total ?? "0")), "Delegators")),
    section(`Tier positions (${onThis.length})`, table("Tier positions delegated to the validator", ["Position", "Owner", "Tier", "Amount", "Exit"],
      onThis.map((p) => [link(`positions/${p.id}`, `#${p.id}`), accountLink(p.owner, true), String(p.tier_id), amount(p.amount, ctx.bondDenom), exitText(p)]),
      { id: "validator-positions", empty: "No tier positions on this validator." }))],
  };
}

const CHARSET = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
function bech32Encode(prefix: string, bytes: Uint8Array): string {
  const data: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const b of bytes) {
    acc = (acc << 8) | b;
    bits += 8;
    while (bits >= 5) data.push((acc >> (bits -= 5)) & 31);
  }
  if (bits > 0) data.push((acc << (5 - bits)) & 31);
  const G = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  const poly = (values: number[]) => values.reduce((chk, v) => {
    const b = chk >>> 25;
    let c = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((b >>> i) & 1) c ^= G[i]!;
    return c;
  }, 1);
  const exp = [...[...prefix].map((ch) => ch.charCodeAt(0) >> 5), 0, ...[...prefix].map((ch) => ch.charCodeAt(0) & 31)];
  const mod = poly([...exp, ...data, 0, 0, 0, 0, 0, 0]) ^ 1;
  const check = [0, 1, 2, 3, 4, 5].map((i) => (mod >> (5 * (5 - i))) & 31);
  return `${prefix}1${[...data, ...check].map((x) => CHARSET[x]).join("")}`;
}

export async function account(ctx: Ctx, address: string, page: number): Promise<Page> {
  const names = new Map((await validators()).map((v) => [v.operator, v.moniker]));
  const vLink = (op: string) => (op ? validatorLink(op, names.get(op)) : "(undelegated)");
  const none = { error: true } as any;
  // Page N of a search the node answers with 400 past its last page: ask for it only when it exists.
  const txQuery = async (qs: string) => {
    const empty = { tx_responses: [], txs: [], total: "0" };
    if (page > 1) {
      const n = BigInt((await tryJson(`/cosmos/tx/v1beta1/txs?query=${q(qs)}&limit=1`, empty)).total ?? "0");
      if (n <= BigInt((page - 1) * PER_PAGE)) return { ...empty, total: String(n) };
    }
    return tryJson(`/cosmos/tx/v1beta1/txs?query=${q(qs)}&order_by=ORDER_BY_DESC&limit=${PER_PAGE}&page=${page}`, empty);
  };
  const [auth, bal, dels, rewards, unb, positions, nfts, sent, received] = await Promise.all([
    tryJson(`/cosmos/auth/v1beta1/accounts/${address}`, null as any),
    getJson(`/cosmos/bank/v1beta1/balances/${address}?pagination.limit=200`),
    tryJson(`/cosmos/staking/v1beta1/delegations/${address}?pagination.limit=200`, { delegation_responses: [] }),
    tryJson(`/cosmos/distribution/v1beta1/delegators/${address}/rewards`, none),
    tryJson(`/cosmos/staking/v1beta1/delegators/${address}/unbonding_delegations?pagination.limit=200`, { unbonding_responses: [] }),
    tryJson(`${ctx.chain}/tieredrewards/v1/positions/${address}?pagination.limit=200`, { positions: [] }),
    tryJson(`/chainmain/nft/nfts?owner=${address}`, { owner: { id_collections: [] } }),
    txQuery(`message.sender='${address}'`),
    txQuery(`transfer.recipient='${address}'`),
  ]);
  const txs = new Map<string, any>();
  for (const found of [sent, received]) (found.tx_responses as any[]).forEach((r, i) => txs.set(r.txhash, { ...r, tx: found.txs[i] }));
  const ordered = [...txs.values()].sort((a, b) => (BigInt(b.height) > BigInt(a.height) ? 1 : BigInt(b.height) < BigInt(a.height) ? -1 : 0));
  const txTotal = BigInt(sent.total ?? "0") > BigInt(received.total ?? "0") ? BigInt(sent.total ?? "0") : BigInt(received.total ?? "0");
  const rewardOf = new Map<string, any[]>((rewards.rewards ?? []).map((r: any) => [r.validator_address, r.reward]));
  const dec = (list: any[] | undefined) => coins((list ?? []).map((x) => ({ denom: x.denom, amount: String(x.amount).split(".")[0]! })));
  // The staking denom's totals, as Mintscan sums an account: available, delegated, unbonding, rewards, tier positions.
  const denom = ctx.bondDenom;
  const sum = (xs: bigint[]) => xs.reduce((a, b) => a + b, 0n);
  const available = BigInt((bal.balances as any[]).find((c) => c.denom === denom)?.amount ?? "0");
  const delegated = sum((dels.delegation_responses as any[]).map((d) => BigInt(d.balance.amount)));
  const unbonding = sum((unb.unbonding_responses as any[]).flatMap((u) => (u.entries as any[]).map((e) => BigInt(e.balance))));
  const reward = BigInt(String((rewards.total ?? []).find((c: any) => c.denom === denom)?.amount ?? "0").split(".")[0]!);
  const locked = sum((positions.positions as any[]).map((p) => BigInt(p.amount)));
  const a = auth?.account;
  const kind = a ? String(a["@type"]).split(".").pop()! : "no account yet (never received a transfer)";
  const base = a?.base_account ?? a?.base_vesting_account?.base_account ?? a;
  const total = (v: bigint) => amount(String(v), denom);
  return {
    title: `Account ${address}`,
    body: [section("Account", facts([["Address", h("span", { class: "hash" }, address)], ["Type", kind],
      ...(base?.account_number !== undefined ? [["Account number / sequence", `${base.account_number} / ${base.sequence}`] as [string, string]] : []),
      ["Total", total(available + delegated + unbonding + reward + locked)], ["Available", total(available)], ["Delegated", total(delegated)],
      ["Unbonding", total(unbonding)], ["Staking rewards", total(reward)], ["In tier positions", total(locked)]], "acct-facts")),
      section("Balances", table("Balances", ["Denom", "Amount"], (bal.balances as any[]).map((c) => [unitOf(c.denom) ? `${unitOf(c.denom)!.symbol} (${c.denom})` : c.denom, amount(c.amount, c.denom)]), { id: "acct-balances", empty: "No balance." })),
      section("Delegations", table("Delegations", ["Validator", "Amount", "Rewards"], (dels.delegation_responses as any[]).map((d) =>
        [vLink(d.delegation.validator_address), amount(d.balance.amount, d.balance.denom), dec(rewardOf.get(d.delegation.validator_address))]), { id: "acct-delegations", empty: "No delegations." }),
      h("p", { id: "acct-rewards" }, rewards.error ? "Rewards: could not be loaded." : h("span", {}, "Total rewards: ", dec(rewards.total)))),
      section("Unbonding", table("Unbonding delegations", ["Validator", "Amount", "Completes", "Started at"], (unb.unbonding_responses as any[]).flatMap((u) =>
        (u.entries as any[]).map((e) => [vLink(u.validator_address), amount(e.balance, ctx.bondDenom), time(e.completion_time), blockLink(e.creation_height)])), { id: "acct-unbonding", empty: "Nothing unbonding." })),
      section("Tier positions", table("Tier positions", ["Position", "Tier", "Amount", "Validator", "Exit"], (positions.positions as any[]).map((p) =>
        [link(`positions/${p.id}`, `#${p.id}`), String(p.tier_id), amount(p.amount, ctx.bondDenom), vLink(p.validator), exitText(p)]), { id: "acct-positions", empty: "No tier positions." })),
      section("NFTs", table("NFTs owned", ["Collection", "Tokens"], (nfts.owner?.id_collections ?? []).map((c: any) => [link(`nfts/${c.denom_id}`, c.denom_id),
        h("span", {}, ...c.token_ids.flatMap((t: string, i: number) => [i > 0 ? ", " : "", link(`nfts/${c.denom_id}/${t}`, t)]))]), { id: "acct-nfts", empty: "No NFTs." })),
      section("Transactions", table("Transactions of the account", ["Hash", "Messages", "Result", "Block", "Time"], ordered.map((r) =>
        [txLink(r.txhash), msgTypes(r.tx).join(", "), result(r.code), blockLink(r.height), time(r.timestamp)]), { id: "acct-txs", empty: "No transactions." }),
      pager(`accounts/${address}`, page, pagesOf(txTotal), "Transactions"))],
  };
}

const exitText = (p: any) => (String(p.exit_triggered_at ?? "").startsWith("0001-") ? "not triggered" : h("span", {}, "unlocks ", time(p.exit_unlock_at)));

export async function position(ctx: Ctx, id: string): Promise<Page> {
  const r = await tryJson(`${ctx.chain}/tieredrewards/v1/position/${id}`, null as any);
  if (!r) return notFound("Position not found", `No tier position has the id ${id}.`);
  const p = r.position;
  const est = await tryJson(`${ctx.chain}/tieredrewards/v1/estimate_rewards/${id}`, null as any);
  const names = new Map((await validators()).map((v) => [v.operator, v.moniker]));
  return {
    title: `Tier position #${p.id}`,
    body: [section("Tier position", facts([["Id", p.id], ["Owner", accountLink(p.owner, true)], ["Tier", String(p.tier_id)], ["Amount", amount(p.amount, ctx.bondDenom)],
      ["Validator", p.validator ? validatorLink(p.validator, names.get(p.validator)) : "(undelegated)"], ["Delegated shares", p.delegated_shares],
      ["Delegator (module-held)", accountLink(p.delegator_address, true)], ["Created", h("span", {}, blockLink(p.created_at_height), " at ", time(p.created_at_time))],
      ["Exit", exitText(p)], ...(est ? Object.entries(est).map(([k, v]) => [`Estimate: ${k}`, cell(ctx, "amount", v)] as [string, any]) : [])], "position-facts"))],
  };
}

/** An address typed into search: which page it names (valcons -> its validator). */
export async function pageOfAddress(ctx: Ctx, addr: string): Promise<string | undefined> {
  const d = bech32Decode(addr);
  if (!d) return undefined;
  if (d.prefix === ctx.prefixes.account) return `accounts/${addr.toLowerCase()}`;
  if (d.prefix === ctx.prefixes.valoper) return `validators/${addr.toLowerCase()}`;
  if (d.prefix === ctx.prefixes.valcons) {
    const set = await tryJson("/cosmos/base/tendermint/v1beta1/validatorsets/latest?pagination.limit=1000", { validators: [] as any[] });
    const key = set.validators.find((s) => s.address === addr.toLowerCase())?.pub_key?.key;
    const v = (await validators()).find((x) => x.consKey === key);
    return v ? `validators/${v.operator}` : undefined;
  }
  return undefined;
}

