// `--fork-url` against chain-maind: the REST paths compared (from the forked document: each account's
// balances, the validators, each validator's delegations, unbondings, outstanding rewards and
// commission, each delegator's rewards and withdraw address, the tier positions and tiers, the
// supply, grants and allowances by granter) and the comparison of a forked node's answers with
// chain-maind's at the fork height. What the fork changes by design is allowed for: a validator's
// consensus key (the node's own), a dev key or HD account topped up (its old balance checked against
// chain-maind's), the supply grown by what was minted for them (the fork's lines say both).

export type RestAnswers = Record<string, unknown>;

type Doc = { app_state: Record<string, any> };

const address = (a: any): string | undefined => a?.address ?? a?.base_account?.address ?? a?.base_vesting_account?.base_account?.address;

/** The paths whose answers a fork must reproduce, from the forked document. */
export function comparePaths(doc: Doc): string[] {
  const app = doc.app_state;
  const accounts = (app.auth.accounts as any[]).map(address).filter((a): a is string => a !== undefined);
  const validators = (app.staking.validators as any[]).map((v) => v.operator_address as string);
  const delegators = [...new Set((app.staking.delegations as any[]).map((d) => d.delegator_address as string))];
  const granters = [...new Set([...(app.authz.authorization as any[]).map((g) => g.granter), ...(app.feegrant.allowances as any[]).map((g) => g.granter)])] as string[];
  return [
    "/cosmos/staking/v1beta1/validators", "/cosmos/bank/v1beta1/supply", "/chainmain/tieredrewards/v1/raw/positions", "/chainmain/tieredrewards/v1/tiers",
    "/chainmain/tieredrewards/v1/params", "/cosmos/staking/v1beta1/pool", "/cosmos/distribution/v1beta1/community_pool",
    ...accounts.map((a) => `/cosmos/bank/v1beta1/balances/${a}`),
    ...validators.flatMap((v) => [
      `/cosmos/staking/v1beta1/validators/${v}/delegations`, `/cosmos/staking/v1beta1/validators/${v}/unbonding_delegations`,
      `/cosmos/distribution/v1beta1/validators/${v}/outstanding_rewards`, `/cosmos/distribution/v1beta1/validators/${v}/commission`,
    ]),
    ...delegators.flatMap((d) => [`/cosmos/distribution/v1beta1/delegators/${d}/rewards`, `/cosmos/distribution/v1beta1/delegators/${d}/withdraw_address`]),
    ...granters.flatMap((g) => [`/cosmos/authz/v1beta1/grants/granter/${g}`, `/cosmos/feegrant/v1beta1/issued/${g}`]),
  ];
}

/**
 * JSON with `pagination` dropped, object keys sorted and an answer's top-level lists in one order
 * (this node lists delegations by ledger id, chain-maind by address bytes; modules/staking/queries.ts):
 * two answers equal as text.
 */
function canonical(v: unknown): string {
  const walk = (x: unknown): unknown => {
    if (Array.isArray(x)) return x.map(walk);
    if (x !== null && typeof x === "object") {
      const o = x as Record<string, unknown>;
      return Object.fromEntries(Object.keys(o).filter((k) => k !== "pagination").sort().map((k) => [k, walk(o[k])]));
    }
    return x;
  };
  const top = walk(v) as Record<string, unknown>;
  if (top !== null && typeof top === "object" && !Array.isArray(top)) {
    for (const [k, x] of Object.entries(top)) if (Array.isArray(x)) top[k] = x.map((e) => JSON.stringify(e)).sort().map((e) => JSON.parse(e));
  }
  return JSON.stringify(top);
}

/** The fork's top-ups (from its lines): address -> [before, after]; and what was minted. */
export function topUps(lines: string[]): { balances: Map<string, [bigint, bigint]>; minted: bigint } {
  const balances = new Map<string, [bigint, bigint]>();
  let minted = 0n;
  for (const l of lines) {
    const m = /^fork: (?:dev key \d+|HD account \d+) (\S+): (\d+)basecro -> (\d+)basecro$/.exec(l);
    if (m) balances.set(m[1]!, [BigInt(m[2]!), BigInt(m[3]!)]);
    const n = /^fork: (\d+)basecro minted/.exec(l);
    if (n) minted = BigInt(n[1]!);
  }
  return { balances, minted };
}

/** The forked node at `url` against chain-maind's answers: one line per difference. */
export async function compareFork(url: string, rest: RestAnswers, lines: string[]): Promise<{ differences: string[]; compared: number }> {
  const { balances, minted } = topUps(lines);
  const differences: string[] = [];
  for (const [path, want] of Object.entries(rest)) {
    const got = await (await fetch(`${url}${path}`)).json() as any;
    const expected = structuredClone(want) as any;
    if (path === "/cosmos/staking/v1beta1/validators") {
      for (const v of [...got.validators, ...expected.validators]) delete v.consensus_pubkey;
    }
    if (path === "/cosmos/bank/v1beta1/supply") {
      const c = expected.supply.find((x: any) => x.denom === "basecro");
      c.amount = `${BigInt(c.amount) + minted}`;
    }
    const who = /^\/cosmos\/bank\/v1beta1\/balances\/(\S+)$/.exec(path)?.[1];
    const top = who === undefined ? undefined : balances.get(who);
    if (top) {
      const had = BigInt(expected.balances.find((x: any) => x.denom === "basecro")?.amount ?? "0");
      if (had !== top[0]) differences.push(`${path}: chain-maind has ${had}basecro, the fork says it had ${top[0]}`);
      const c = expected.balances.find((x: any) => x.denom === "basecro");
      if (c) c.amount = `${top[1]}`;
      else expected.balances.push({ denom: "basecro", amount: `${top[1]}` });
    }
    const [a, b] = [canonical(got), canonical(expected)];
    if (a !== b) differences.push(`${path}:\n  fork:       ${a.slice(0, 600)}\n  chain-maind: ${b.slice(0, 600)}`);
  }
  return { differences, compared: Object.keys(rest).length };
}
