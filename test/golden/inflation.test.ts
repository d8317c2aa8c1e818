// inflation.json through the core's emission engine: the per-block factor, the rate and its
// parts at every listed height, provisions, 25 consecutive blocks of `advance`, and the cap
// (the min rule of DESIGN.md decision 1).

import { suite } from "uvu";
import * as assert from "uvu/assert";
import { core } from "../helpers/core.js";
import { Emission, type EmissionParams } from "../../host/core/emission.js";
import { readVectors } from "./vectors.js";

interface Provision {
  total_supply: string;
  annual_provisions: string;
  block_provision: string;
}
interface HeightRow {
  k: string;
  height: string;
  label?: string;
  decay_applied: boolean;
  months_elapsed?: string;
  n?: string;
  r?: string;
  int_part?: string;
  frac_part?: string;
  inflation: string;
  provisions: Provision[];
}
interface ConsecutiveRow {
  height: string;
  supply_before: string;
  inflation: string;
  annual_provisions: string;
  block_provision: string;
  supply_after: string;
}
interface CapRow {
  height: string;
  label: string;
  inflation: string;
  total_supply: string;
  burned: string;
  circulating_before: string;
  max_supply: string;
  block_provision: string;
  min_rule: { minted: string; circulating_after: string };
}
interface ParamSet {
  name: string;
  base_rate: string;
  decay_rate: string;
  blocks_per_year: string;
  blocks_per_month: string;
  decay_epoch_start: string;
  decay_factor: string;
  per_block_factor: string;
  per_block_factor_iterations: string;
  heights: HeightRow[];
  consecutive_blocks: ConsecutiveRow[];
  cap_cases: CapRow[];
}

const file = readVectors<{ param_sets: ParamSet[] }>("inflation.json");
const d = core.dec;
const em = new Emission(core);
const fmt = (raw: bigint) => d.format(raw);

function paramsOf(p: ParamSet, maxSupply = 0n): EmissionParams {
  return {
    baseRate: d.parse(p.base_rate),
    decayRate: d.parse(p.decay_rate),
    maxSupply,
    blocksPerYear: BigInt(p.blocks_per_year),
    decayEpochStart: BigInt(p.decay_epoch_start),
  };
}

const Inflation = suite("golden inflation.json");

for (const p of file?.param_sets ?? []) {
  Inflation(`${p.name}: decay factor and per-block factor`, () => {
    em.configure(paramsOf(p));
    assert.is(fmt(d.sub(d.parse("1"), d.parse(p.decay_rate))), p.decay_factor);
    assert.is(fmt(em.perBlockFactor()), p.per_block_factor);
    d.approxRoot(d.parse(p.decay_factor), BigInt(p.blocks_per_month));
    assert.is(String(d.rootIterations()), p.per_block_factor_iterations);
    assert.is(String(BigInt(p.blocks_per_year) / 12n), p.blocks_per_month);
  });

  Inflation(`${p.name}: rate, parts and provisions at ${p.heights.length} heights`, () => {
    em.configure(paramsOf(p));
    const m = BigInt(p.blocks_per_month);
    const epoch = BigInt(p.decay_epoch_start);
    const failures: string[] = [];
    const expect = (what: string, got: string, want: string | undefined) => {
      if (want !== undefined && got !== want) failures.push(`${what}: want ${want}, got ${got}`);
    };
    for (const row of p.heights) {
      const h = BigInt(row.height);
      const at = `height ${row.height}`;
      expect(`${at} inflation`, fmt(em.rateAt(h)), row.inflation);
      if (row.decay_applied) {
        const e = h - epoch;
        expect(`${at} months_elapsed`, fmt(d.quo(e * 10n ** 18n, m * 10n ** 18n)), row.months_elapsed);
        expect(`${at} n`, String(e / m), row.n);
        expect(`${at} r`, String(e % m), row.r);
        const parts = em.decayParts(h);
        expect(`${at} int_part`, fmt(parts.intPart), row.int_part);
        expect(`${at} frac_part`, fmt(parts.fracPart), row.frac_part);
      }
      const rate = d.parse(row.inflation);
      for (const pv of row.provisions) {
        const got = em.provisions(rate, BigInt(pv.total_supply));
        expect(`${at} annual(${pv.total_supply})`, fmt(got.annual), pv.annual_provisions);
        expect(`${at} block(${pv.total_supply})`, String(got.block), pv.block_provision);
      }
    }
    assert.equal(failures, [], failures.slice(0, 10).join("\n"));
  });

  Inflation(`${p.name}: ${p.consecutive_blocks.length} consecutive blocks through advance`, () => {
    em.configure(paramsOf(p));
    const first = p.consecutive_blocks[0];
    em.setState({
      height: BigInt(first.height) - 1n,
      totalSupply: BigInt(first.supply_before),
      burned: 0n,
    });
    for (const row of p.consecutive_blocks) {
      const before = em.last().totalSupply;
      assert.is(String(before), row.supply_before, `supply before ${row.height}`);
      const out = em.advance(1n);
      assert.is(String(out.height), row.height);
      assert.is(fmt(out.rate), row.inflation, `inflation at ${row.height}`);
      assert.is(fmt(out.annualProvisions), row.annual_provisions, `annual at ${row.height}`);
      assert.is(String(out.blockProvision), row.block_provision, `provision at ${row.height}`);
      assert.is(String(out.totalSupply), row.supply_after, `supply after ${row.height}`);
    }
  });

  Inflation(`${p.name}: ${p.cap_cases.length} cap cases mint by the min rule`, () => {
    const failures: string[] = [];
    for (const row of p.cap_cases) {
      em.configure(paramsOf(p, BigInt(row.max_supply)));
      const burned = BigInt(row.burned);
      em.setState({ height: BigInt(row.height) - 1n, totalSupply: BigInt(row.total_supply), burned });
      const out = em.advance(1n);
      const circulating = out.totalSupply - burned;
      const got = `rate ${fmt(out.rate)} provision ${out.blockProvision} minted ${out.minted} circulating ${circulating}`;
      const want = `rate ${row.inflation} provision ${row.block_provision} minted ${row.min_rule.minted} circulating ${row.min_rule.circulating_after}`;
      if (got !== want) failures.push(`${row.label}: want ${want}, got ${got}`);
    }
    assert.equal(failures, [], failures.join("\n"));
  });
}

Inflation.run();
