// The tier-aware tally (host/modules/gov/keeper.ts Gov.tallyResults/tally, the reference's
// x/tieredrewards/keeper/gov_tally.go over x/gov's Tally): a table of hand-computed tallies, and
// random chains against an independent BigInt model written here from the reference's rules
// (LegacyDec: MulInt exact, Quo = half-even chop of trunc(x * 10^36 / y), Mul = half-even chop of
// x * y; the tally's passes/burn decision as x/gov's).

import { test } from "uvu";
import * as assert from "uvu/assert";
import { loadCore, type Core } from "../../../host/core/core.js";
import { Gov, type Proposal, type TallyView } from "../../../host/modules/gov/keeper.js";
import { parseGenesis, defaultGenesisJson } from "../../../host/app/genesis.js";
import { wasm } from "../../helpers/node.js";
import { rng } from "../../helpers/ledger-model.js";

const core: Core = await loadCore(wasm);
const E18 = 10n ** 18n;
const params = parseGenesis(defaultGenesisJson(), core.dec).gov.params;

interface Chain {
  validators: { id: number; operatorAccount: string; tokens: bigint; shares: bigint; bonded: boolean }[];
  delegations: Record<string, { validator: number; shares: bigint }[]>;
  positions: Record<string, { validator: number; shares: bigint }[]>;
  votes: { voter: string; options: { option: number; weight: bigint }[] }[];
  expedited?: boolean;
}

const view = (c: Chain): TallyView => ({
  bondedValidators: () => c.validators.filter((v) => v.bonded).map(({ bonded: _, ...v }) => v),
  delegations: (a) => c.delegations[a] ?? [],
  positions: (a) => c.positions[a] ?? [],
  totalBonded: () => c.validators.filter((v) => v.bonded).reduce((t, v) => t + v.tokens, 0n),
});

/** A Gov holding one proposal in its voting period with these votes. */
function govWith(c: Chain): { gov: Gov; proposal: Proposal } {
  const gov = new Gov(params, {
    ledger: undefined as never, directory: undefined as never, dec: core.dec, denom: "basecro", govAddress: "gov",
  });
  const proposal: Proposal = {
    id: 1n, messages: [], status: 2, finalTally: { yes: 0n, abstain: 0n, no: 0n, noWithVeto: 0n }, submitTimeNs: 0n, depositEndTimeNs: 0n,
    totalDeposit: 0n, votingStartTimeNs: 0n, votingEndTimeNs: 1n, metadata: "", title: "t", summary: "s", proposer: "p", expedited: c.expedited ?? false, failedReason: "",
  };
  gov.load("p/00000000000000000001", JSON.stringify(proposal, (_, v) => (typeof v === "bigint" ? `${v}n` : v)));
  for (const v of c.votes) {
    gov.load(`v/00000000000000000001/${v.voter}`, JSON.stringify({ proposalId: 1n, voter: v.voter, options: v.options, metadata: "" }, (_, x) => (typeof x === "bigint" ? `${x}n` : x)));
  }
  return { gov, proposal };
}

// ---- the model ----

function chopHalfEven(x: bigint): bigint {
  const q = x / E18;
  const r = x % E18;
  const half = E18 / 2n;
  if (r < half) return q;
  if (r > half) return q + 1n;
  return q % 2n === 0n ? q : q + 1n;
}
const mQuo = (a: bigint, b: bigint) => chopHalfEven((a * E18 * E18) / b);
const mMul = (a: bigint, b: bigint) => chopHalfEven(a * b);
const mMulIntQuo = (shares: bigint, tokens: bigint, total: bigint) => mQuo(shares * tokens, total);

function modelTally(c: Chain): { results: bigint[]; total: bigint; passes: boolean; burn: boolean } {
  const vals = new Map(c.validators.filter((v) => v.bonded).map((v) => [v.id, { ...v, deductions: 0n, vote: undefined as Chain["votes"][number]["options"] | undefined }]));
  const results = [0n, 0n, 0n, 0n, 0n];
  let total = 0n;
  const add = (options: Chain["votes"][number]["options"], power: bigint) => {
    for (const o of options) results[o.option]! += mMul(power, o.weight);
  };
  for (const vote of [...c.votes].sort((a, b) => (a.voter < b.voter ? -1 : 1))) {
    for (const v of vals.values()) if (v.operatorAccount === vote.voter) v.vote = vote.options;
    for (const d of c.delegations[vote.voter] ?? []) {
      const v = vals.get(d.validator);
      if (!v) continue;
      v.deductions += d.shares;
      const p = mMulIntQuo(d.shares, v.tokens, v.shares);
      add(vote.options, p);
      total += p;
    }
    for (const pos of c.positions[vote.voter] ?? []) {
      const v = vals.get(pos.validator);
      if (!v || v.shares === 0n) continue;
      const p = mMulIntQuo(pos.shares, v.tokens, v.shares);
      if (p === 0n) continue;
      v.deductions += pos.shares;
      add(vote.options, p);
      total += p;
    }
  }
  for (const v of vals.values()) {
    if (!v.vote || v.shares === 0n) continue;
    const left = v.shares > v.deductions ? v.shares - v.deductions : 0n;
    const p = mMulIntQuo(left, v.tokens, v.shares);
    add(v.vote, p);
    total += p;
  }
  const bonded = [...vals.values()].reduce((t, v) => t + v.tokens, 0n);
  let passes = false;
  let burn = false;
  if (bonded > 0n) {
    if (mQuo(total, bonded * E18) < params.quorum) burn = params.burnVoteQuorum;
    else if (total - results[2]! === 0n) burn = false;
    else if (mQuo(results[4]!, total) > params.vetoThreshold) burn = params.burnVoteVeto;
    else passes = mQuo(results[1]!, total - results[2]!) > (c.expedited ? params.expeditedThreshold : params.threshold);
  }
  return { results, total, passes, burn };
}

// ---- the table ----

const TOKENS = 1_000_000n;
const dec = (n: bigint) => n * E18;
const yes = [{ option: 1, weight: E18 }];
const no = [{ option: 3, weight: E18 }];
const veto = [{ option: 4, weight: E18 }];
/** Three bonded validators of 1,000,000 tokens and as many shares, operated by "v1".."v3". */
const base = (): Chain => ({
  validators: [1, 2, 3].map((id) => ({ id, operatorAccount: `v${id}`, tokens: TOKENS, shares: dec(TOKENS), bonded: true })),
  delegations: {}, positions: {}, votes: [],
});

const TABLE: { name: string; chain: Chain; want: { yes: bigint; abstain: bigint; no: bigint; veto: bigint }; passes: boolean; burn?: boolean }[] = [
  {
    name: "validators alone: their whole power",
    chain: { ...base(), votes: [{ voter: "v1", options: yes }, { voter: "v2", options: yes }] },
    want: { yes: 2_000_000n, abstain: 0n, no: 0n, veto: 0n }, passes: true,
  },
  (() => {
    // A delegator with 100,000 of v1's shares votes no: v1's yes loses them.
    const c = base();
    c.delegations.d = [{ validator: 1, shares: dec(100_000n) }];
    c.votes = [{ voter: "v1", options: yes }, { voter: "v2", options: yes }, { voter: "d", options: no }];
    return { name: "a delegator's own vote overrides its validator's", chain: c, want: { yes: 1_900_000n, abstain: 0n, no: 100_000n, veto: 0n }, passes: true };
  })(),
  (() => {
    // A position of 250,000 shares on v1 (its delegator is the position's own account): the owner votes no.
    const c = base();
    c.positions.o = [{ validator: 1, shares: dec(250_000n) }];
    c.votes = [{ voter: "v1", options: yes }, { voter: "o", options: no }];
    return { name: "a position votes with its owner, deducted from its validator", chain: c, want: { yes: 750_000n, abstain: 0n, no: 250_000n, veto: 0n }, passes: false };
  })(),
  (() => {
    const c = base();
    c.positions.o = [{ validator: 1, shares: dec(250_000n) }];
    c.votes = [{ voter: "v1", options: yes }, { voter: "v2", options: yes }];
    return { name: "an owner who does not vote: the validator inherits the position", chain: c, want: { yes: 2_000_000n, abstain: 0n, no: 0n, veto: 0n }, passes: true };
  })(),
  (() => {
    const c = base();
    c.positions.o = [{ validator: 1, shares: dec(300_000n) }];
    c.votes = [{ voter: "v1", options: yes }, { voter: "v2", options: yes }, { voter: "o", options: [{ option: 3, weight: E18 * 6n / 10n }, { option: 2, weight: E18 * 4n / 10n }] }];
    return { name: "weighted: 60 % no, 40 % abstain", chain: c, want: { yes: 1_700_000n, abstain: 120_000n, no: 180_000n, veto: 0n }, passes: true };
  })(),
  (() => {
    // Slashed validator 1: 500,000 tokens for 1,000,000 shares; a position of 200,000 shares is worth 100,000.
    const c = base();
    c.validators[0]!.tokens = 500_000n;
    c.positions.o = [{ validator: 1, shares: dec(200_000n) }];
    c.votes = [{ voter: "v1", options: yes }, { voter: "o", options: no }];
    return { name: "power follows the exchange rate (a slashed validator)", chain: c, want: { yes: 400_000n, abstain: 0n, no: 100_000n, veto: 0n }, passes: false };
  })(),
  (() => {
    // v1 jailed (not bonded): neither its vote nor the positions on it count; quorum on the other two.
    const c = base();
    c.validators[0]!.bonded = false;
    c.positions.o = [{ validator: 1, shares: dec(200_000n) }, { validator: 2, shares: dec(100_000n) }];
    c.votes = [{ voter: "v1", options: yes }, { voter: "v2", options: yes }, { voter: "o", options: no }];
    return { name: "a jailed validator: its vote and its positions count 0", chain: c, want: { yes: 900_000n, abstain: 0n, no: 100_000n, veto: 0n }, passes: true };
  })(),
  (() => {
    const c = base();
    c.votes = [{ voter: "v1", options: yes }];
    return { name: "below quorum (33.3 % of bonded < 33.4 %)", chain: c, want: { yes: 1_000_000n, abstain: 0n, no: 0n, veto: 0n }, passes: false, burn: false };
  })(),
  (() => {
    const c = base();
    c.votes = [{ voter: "v1", options: yes }, { voter: "v2", options: veto }];
    return { name: "veto above a third: fails, deposits burned", chain: c, want: { yes: 1_000_000n, abstain: 0n, no: 0n, veto: 1_000_000n }, passes: false, burn: true };
  })(),
  (() => {
    const c = base();
    c.votes = [{ voter: "v1", options: yes }, { voter: "v2", options: yes }, { voter: "v3", options: no }];
    c.expedited = true;
    return { name: "expedited: 66.7 % needed, 66.6 % is not enough", chain: c, want: { yes: 2_000_000n, abstain: 0n, no: 1_000_000n, veto: 0n }, passes: false };
  })(),
];

for (const row of TABLE) {
  test(`tally: ${row.name}`, () => {
    const { gov, proposal } = govWith(row.chain);
    const t = gov.tally(proposal, view(row.chain));
    assert.equal(
      { yes: t.counts.yes, abstain: t.counts.abstain, no: t.counts.no, veto: t.counts.noWithVeto },
      row.want,
    );
    assert.is(t.passes, row.passes, "passes");
    if (row.burn !== undefined) assert.is(t.burnDeposits, row.burn, "burn");
    const m = modelTally(row.chain);
    assert.is(t.passes, m.passes, "the model agrees");
  });
}

// ---- random chains against the model ----


test("random chains: the tally equals the BigInt model to the last 10^-18 (500 chains)", () => {
  const r = rng(0x7a11);
  const big = (max: bigint) => (BigInt(Math.floor(r() * 2 ** 30)) * BigInt(Math.floor(r() * 2 ** 30))) % max + 1n;
  for (let run = 0; run < 500; run++) {
    const c: Chain = { validators: [], delegations: {}, positions: {}, votes: [] };
    const nv = 1 + Math.floor(r() * 5);
    for (let id = 0; id < nv; id++) {
      const tokens = big(10n ** 19n);
      // Exchange rates below and above 1 (slashes, rounding): shares = tokens x rate, rate in (0.3, 1.7).
      const shares = (tokens * E18 * BigInt(300 + Math.floor(r() * 1400))) / 1000n + BigInt(Math.floor(r() * 1000));
      c.validators.push({ id, operatorAccount: `val${id}`, tokens, shares, bonded: r() < 0.8 });
    }
    const accounts = ["a", "b", "c", "d", "e", "val0", "val1"];
    for (const a of accounts) {
      if (r() < 0.6) c.delegations[a] = c.validators.filter(() => r() < 0.5).map((v) => ({ validator: v.id, shares: v.shares / BigInt(2 + Math.floor(r() * 50)) }));
      if (r() < 0.5) c.positions[a] = c.validators.filter(() => r() < 0.4).map((v) => ({ validator: v.id, shares: v.shares / BigInt(3 + Math.floor(r() * 80)) }));
      if (r() < 0.7) {
        const split = r() < 0.4;
        const w = split ? BigInt(Math.floor(r() * 999_999)) * 10n ** 12n + 1n : E18;
        const o1 = 1 + Math.floor(r() * 4);
        const o2 = (o1 % 4) + 1;
        c.votes.push({ voter: a, options: split ? [{ option: o1, weight: w }, { option: o2, weight: E18 - w }] : [{ option: o1, weight: E18 }] });
      }
    }
    c.expedited = r() < 0.2;
    const { gov, proposal } = govWith(c);
    const got = gov.tallyResults(proposal, view(c));
    const want = modelTally(c);
    assert.equal(got.results, want.results, `run ${run}: results`);
    assert.is(got.total, want.total, `run ${run}: total`);
    const t = gov.tally(proposal, view(c));
    assert.is(t.passes, want.passes, `run ${run}: passes`);
    assert.is(t.burnDeposits, want.burn, `run ${run}: burn`);
  }
});

test.run();
