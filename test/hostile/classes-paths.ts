// The hostile classes of a GET request's path (test/hostile/classes.ts): path parameters and raw
// paths no route may accept, paths no route has, and page sizes and pagination parameters past any
// cap or that do not parse.

import { VICTIMS, addr, get, type HostileClass } from "./context.js";
import { ACCOUNT_ROUTES, VALIDATOR_ROUTES } from "./values.js";

/** Path parameters no route may accept (raw text; encoded before use). */
const INJECTIONS = [
  "../../../../etc/passwd", "..", ".", "%00", "\u0000", "1\u0000", "0 OR 1=1", "'; DROP TABLE txs; --", "<script>alert(1)</script>",
  "${jndi:ldap://x/a}", "{{7*7}}", "-1", "1.5", "1e3", "0x10", "18446744073709551616", "99999999999999999999999999", " 1", "+1", "%",
  "😀", "ｃｒｏ１", "A".repeat(5000), `cro1${"q".repeat(2000)}`, "NaN", "Infinity", "__proto__", "constructor", "toString", "\\", "\\..\\..",
  "?", "#", "a/b", "*", "$", "null", "undefined", "true", "[]", "{}", "\r\nX-Injected: 1", "\t",
];
/** Raw path text the URL keeps as is (malformed percent-escapes, encoded surrogates, overlong UTF-8). */
const RAW_INJECTIONS = ["%ZZ", "%", "%E", "%ED%A0%80", "%C0%AF", "%FF", "%F0%9F%98", "%2e%2e%2f%2e%2e%2f", "..%2F..%2Fetc%2Fpasswd", "%252F", "%u0041", "%00%00"];

const ID_ROUTES = [
  "/chainmain/tieredrewards/v1/position/{}", "/chainmain/tieredrewards/v1/raw/position/{}", "/chainmain/tieredrewards/v1/estimate_rewards/{}",
  "/chainmain/tieredrewards/v1/positions_by_tier/{}", "/chainmain/tieredrewards/v1/raw/positions_by_tier/{}", "/cosmos/tx/v1beta1/txs/{}",
];
const QUERY_ROUTES = [
  "/cosmos/bank/v1beta1/supply/by_denom?denom={}", "/cosmos/bank/v1beta1/balances/%ADDR%/by_denom?denom={}", "/cosmos/staking/v1beta1/validators?status={}",
  "/cosmos/staking/v1beta1/delegators/%ADDR%/redelegations?src_validator_addr={}&dst_validator_addr=%VAL%",
  "/cosmos/staking/v1beta1/delegators/%ADDR%/redelegations?src_validator_addr=%VAL%&dst_validator_addr={}",
];
/** SDK ValidateDenom, to keep valid denoms out of the denom injections (a valid denom answers 200). */
const DENOM = /^[a-zA-Z][a-zA-Z0-9/:._-]{2,127}$/;

export const pathInjection: HostileClass = {
  name: "path-injection",
  full: 1000,
  quick: 40,
  async make(rng, ctx) {
    const raw = rng.chance(0.25);
    const value = raw ? rng.pick(RAW_INJECTIONS) : rng.pick(INJECTIONS);
    const enc = raw ? value : encodeURIComponent(value);
    const kind = rng.int(5);
    if (kind === 0) return get(rng.pick(ID_ROUTES).replace("{}", enc), `id ${JSON.stringify(value).slice(0, 40)}`);
    if (kind === 1) return get(rng.pick(ACCOUNT_ROUTES).replace("{}", enc), `account ${JSON.stringify(value).slice(0, 40)}`);
    if (kind === 2) return get(rng.pick(VALIDATOR_ROUTES).replace("{}", enc), `validator ${JSON.stringify(value).slice(0, 40)}`);
    if (kind === 3) {
      const route = rng.pick(QUERY_ROUTES);
      const denomSlot = route.includes("denom=");
      let v = value;
      if (denomSlot && DENOM.test(v)) v = `${v}!`;
      const e = raw ? v : encodeURIComponent(v);
      const path = route.replace("{}", e).replace("%ADDR%", addr(rng.pick(VICTIMS))).replace("%VAL%", rng.pick(ctx.validators));
      return get(path, `query ${JSON.stringify(v).slice(0, 40)}`);
    }
    // paths no route has: extra segments, case, dot segments, doubled slashes
    const shapes = [
      `/chainmain/tieredrewards/v1/position/0/${enc}`, `/cosmos/bank/v1beta1/balances/${addr(5)}/${enc}`, `/COSMOS/staking/v1beta1/validators`,
      `/cosmos/staking/v1beta1/validators/${ctx.validators[0]}/delegations/${addr(7)}/${enc}`, `//cosmos/staking/v1beta1/pool/${enc}`,
      `/chainmain/tieredrewards/v2/tiers`, `/cosmos/staking/v1beta1/%2e%2e/%2e%2e/${enc}`, `/dev/${enc}`, `/cosmos/tx/v1beta1/txs/${"A".repeat(63)}${enc}`,
      `/${enc}`, `/chainmain/tieredrewards/v1/${enc}`,
    ];
    return get(rng.pick(shapes), `no such path (${JSON.stringify(value).slice(0, 30)})`);
  },
};

const LIST_ROUTES = [
  "/cosmos/staking/v1beta1/validators", "/cosmos/staking/v1beta1/validators/%VAL%/delegations", "/cosmos/staking/v1beta1/delegations/%ADDR%",
  "/cosmos/staking/v1beta1/delegators/%ADDR%/unbonding_delegations", "/cosmos/staking/v1beta1/delegators/%ADDR%/redelegations",
  "/cosmos/bank/v1beta1/supply", "/cosmos/bank/v1beta1/balances/%ADDR%", "/chainmain/tieredrewards/v1/positions",
  "/chainmain/tieredrewards/v1/raw/positions", "/chainmain/tieredrewards/v1/positions/%ADDR%", "/chainmain/tieredrewards/v1/positions_by_tier/1",
];
/** Page sizes past any sane cap (the issue: the SDK caps pagination.limit; ours refuses above it). */
const HUGE_LIMITS = [
  "1000000", "10000000", `${2 ** 31}`, `${2 ** 32}`, `${2 ** 53}`, `${2n ** 63n}`, `${(1n << 64n) - 1n}`, "4294967295", "999999999",
];
/** Pagination parameters that do not parse at all. */
const BAD_PAGINATION = [
  "pagination.limit=-1", `pagination.limit=${1n << 64n}`, "pagination.limit=1e9", "pagination.limit=0x10", "pagination.limit=ten",
  "pagination.limit=1.5", "pagination.offset=-1", `pagination.offset=${1n << 64n}`, "pagination.key=%%%", "pagination.key=AAAA",
  "pagination.count_total=maybe", "pagination.reverse=2", "pagination.key=AAAAAAAAAAE%3D&pagination.offset=1", "pagination.limit=%00",
];

export const hugePagination: HostileClass = {
  name: "huge-pagination",
  full: 700,
  quick: 25,
  async make(rng, ctx) {
    const route = rng.pick(LIST_ROUTES).replace("%VAL%", rng.pick(ctx.validators)).replace("%ADDR%", addr(rng.pick(VICTIMS)));
    if (rng.chance(0.2)) {
      const p = rng.pick(BAD_PAGINATION);
      return get(`${route}?${p}`, `malformed ${p}`);
    }
    const limit = rng.chance(0.8) ? rng.pick(HUGE_LIMITS) : `${rng.range(1_000_000, 2 ** 32 - 1)}`;
    const extra = rng.pick(["", "&pagination.count_total=true", "&pagination.reverse=true", "&pagination.offset=1", `&pagination.offset=${2 ** 40}`, "&pagination.count_total=true&pagination.reverse=true"]);
    return get(`${route}?pagination.limit=${limit}${extra}`, `limit ${limit}${extra}`);
  },
};
