// The node's dashboard (GET /): the chain's state from its REST routes, and a staking calculator
// computed in the page by the same core.wasm the node runs (host/web/engine.ts). Every amount is a
// bigint of base units and every rate a raw Dec; nothing numeric goes through a JS number.

import { loadedScenario, projectionDone, scenarioShown, setupScenarioFiles, showPaidApy } from "./scenario-file.js";
import {
  type Engine, type Estimate, type EstimateTier, formatPercent, formatTime, formatTokens, groupThousands, loadEngine,
  parseTokens, SECONDS_PER_YEAR, simulateInWorker,
} from "../engine.js";
import { devMode, startDevTools } from "./dev-tools.js";

const E18 = 10n ** 18n;
const NS_PER_S = 1_000_000_000n;

interface DashboardTier extends EstimateTier {
  minLockAmount: bigint;
  closeOnly: boolean;
}

interface State {
  engine: Engine;
  tiers: DashboardTier[];
  targetRate: bigint;
  latestNs: bigint;
  /** The chain's state now, as a scenario starts from it (`npm run simulate`'s fields). */
  chain: ChainStart;
}

interface ChainStart {
  height: bigint;
  timeNs: bigint;
  supply: bigint;
  pool: bigint;
  bonded: bigint;
  blocksPerYear: bigint;
  /** The tiers as the chain's route gives them: the genesis's tier JSON. */
  tiers: unknown[];
}

const $ = <T extends HTMLElement = HTMLElement>(id: string): T => {
  const el = document.getElementById(id);
  if (!el) throw new Error(`#${id} missing`);
  return el as T;
};
const meta = (name: string): string => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? "";
const chain = `/${meta("chain-segment") || "chainmain"}`;

async function getJson<T = any>(path: string): Promise<T> {
  const r = await fetch(path, { headers: { accept: "application/json" } });
  const body = await r.json().catch(() => null);
  if (!r.ok) throw new Error(`${path}: ${(body as { message?: string } | null)?.message ?? `HTTP ${r.status}`}`);
  return body as T;
}

/** "31557600s" / "1.5s" -> ns. */
function durationNs(text: string): bigint {
  const m = /^([0-9]+)(?:\.([0-9]{1,9}))?s$/.exec(text);
  if (!m) throw new Error(`bad duration ${text}`);
  return BigInt(m[1]) * NS_PER_S + BigInt((m[2] ?? "").padEnd(9, "0"));
}

/** An RFC 3339 time from the node -> unix ns (whole seconds kept exactly; fraction kept). */
function timeNs(text: string): bigint {
  const m = /^(.*?)(?:\.([0-9]{1,9}))?Z$/.exec(text);
  if (!m) throw new Error(`bad time ${text}`);
  const ms = Date.parse(`${m[1]}Z`);
  if (Number.isNaN(ms)) throw new Error(`bad time ${text}`);
  return BigInt(ms) * 1_000_000n + BigInt((m[2] ?? "").padEnd(9, "0"));
}

function days(seconds: bigint): string {
  const hundredths = (seconds * 100n) / 86_400n;
  const frac = hundredths % 100n;
  return `${groupThousands(hundredths / 100n)}${frac === 0n ? "" : `.${frac.toString().padStart(2, "0")}`} days`;
}

function set(id: string, text: string): void {
  $(id).textContent = text;
}

function status(text: string): void {
  set("status", text);
}

async function loadChain(engine: Engine): Promise<Omit<State, "engine">> {
  type Coin = { denom: string; amount: string };
  const [latest, mint, inflation, provisions, tierParams, tiers, pool, stakingPool] = await Promise.all([
    getJson<{ block: { header: { height: string; time: string } } }>("/cosmos/base/tendermint/v1beta1/blocks/latest"),
    getJson<{ params: { mint_denom: string; blocks_per_year: string } }>("/cosmos/mint/v1beta1/params"),
    getJson<{ inflation: string }>("/cosmos/mint/v1beta1/inflation"),
    getJson<{ annual_provisions: string }>("/cosmos/mint/v1beta1/annual_provisions"),
    getJson<{ params: { target_base_rewards_rate: string } }>(`${chain}/tieredrewards/v1/params`),
    getJson<{ tiers: { id: number; exit_duration: string; bonus_apy: string; min_lock_amount: string; close_only: boolean }[] }>(
      `${chain}/tieredrewards/v1/tiers`,
    ),
    getJson<{ balances: Coin[] }>(`${chain}/tieredrewards/v1/rewards_pool_balances`),
    getJson<{ pool: { bonded_tokens: string } }>("/cosmos/staking/v1beta1/pool"),
  ]);
  const denom = mint.params.mint_denom;
  const supply = await getJson<{ amount: Coin }>(`/cosmos/bank/v1beta1/supply/by_denom?denom=${encodeURIComponent(denom)}`);

  const height = BigInt(latest.block.header.height);
  const latestNs = timeNs(latest.block.header.time);
  const totalSupply = BigInt(supply.amount.amount);
  const rate = engine.parseDec(inflation.inflation);
  const targetRate = engine.parseDec(tierParams.params.target_base_rewards_rate);
  const poolBalance = BigInt(pool.balances.find((c) => c.denom === denom)?.amount ?? "0");
  const blocksPerYear = BigInt(mint.params.blocks_per_year);

  const bonded = BigInt(stakingPool.pool.bonded_tokens);
  set("height", groupThousands(height));
  set("time", formatTime(latestNs));
  set("supply", `${formatTokens(totalSupply)} tokens`);
  set("inflation", `${formatPercent(rate, 4)} %`);
  set("provisions", `${formatTokens(engine.parseDec(provisions.annual_provisions) / E18)} tokens a year`);
  set("target", `${formatPercent(targetRate, 2)} %`);
  set("pool", `${formatTokens(poolBalance)} tokens`);

  // The runway is the projection's (runScenario), not this block's top-up over the balance.
  set("runway", poolBalance === 0n ? "empty" : "projecting…");

  const parsedTiers: DashboardTier[] = tiers.tiers.map((t) => ({
    id: t.id,
    exitDurationNs: durationNs(t.exit_duration),
    bonusApy: engine.parseDec(t.bonus_apy),
    minLockAmount: BigInt(t.min_lock_amount),
    closeOnly: t.close_only,
  }));
  const body = $("tiers").querySelector("tbody")!;
  body.replaceChildren(
    ...parsedTiers.map((t) => {
      const row = document.createElement("tr");
      for (const text of [
        String(t.id),
        days(t.exitDurationNs / NS_PER_S),
        `${formatPercent(t.bonusApy, 2)} %`,
        `${formatTokens(t.minLockAmount)} tokens`,
        t.closeOnly ? "closed (close only)" : "open",
      ]) {
        const cell = document.createElement("td");
        cell.textContent = text;
        row.append(cell);
      }
      return row;
    }),
  );
  return {
    tiers: parsedTiers, targetRate, latestNs,
    chain: { height, timeNs: latestNs, supply: totalSupply, pool: poolBalance, bonded, blocksPerYear, tiers: tiers.tiers },
  };
}

/** The scenario form's fields from the chain's state now (each time the chain is loaded). */
function fillScenarioForm(state: State): void {
  const c = state.chain;
  $<HTMLInputElement>("sim-reserve").value = formatTokens(c.pool).replaceAll(",", "");
  // Shown rounded: left as shown, the scenario keeps the chain's own ratio (no bonded_ratio move) rather than undelegate to the rounded one.
  const bonded = c.supply === 0n ? "0" : formatPercent((c.bonded * E18) / c.supply, 4);
  $<HTMLInputElement>("sim-bonded").value = bonded;
  $("sim").dataset.bondedShown = bonded;
  $<HTMLInputElement>("sim-target").value = formatPercent(state.targetRate, 4).replace(/\.?0+$/, "");
  const select = $<HTMLSelectElement>("sim-block");
  const own = `${SECONDS_PER_YEAR / (c.blocksPerYear === 0n ? 1n : c.blocksPerYear)}s`;
  if (!Array.from(select.options).some((o) => o.value === own)) {
    const o = document.createElement("option");
    o.value = own;
    o.textContent = `${own} (the chain's: slow)`;
    select.append(o);
  }
}

function fillTierSelect(tiers: DashboardTier[]): void {
  const select = $<HTMLSelectElement>("tier");
  const previous = select.value;
  select.replaceChildren(
    ...tiers
      .filter((t) => !t.closeOnly)
      .map((t) => {
        const o = document.createElement("option");
        o.value = String(t.id);
        o.textContent = `Tier ${t.id}: ${days(t.exitDurationNs / NS_PER_S)}, bonus ${formatPercent(t.bonusApy, 2)} %`;
        return o;
      }),
  );
  if (previous && Array.from(select.options).some((o) => o.value === previous)) select.value = previous;
}

/** A percentage as typed ("10", "7.5") -> raw Dec fraction (0.1, 0.075), exactly. */
function percentDec(engine: Engine, text: string, what: string): bigint {
  const t = text.trim();
  if (!/^[0-9]+(\.[0-9]+)?$/.test(t)) throw new RangeError(`${what}: a number of percent, e.g. 10 or 7.5`);
  const raw = engine.parseDec(t);
  if (raw % 100n !== 0n) throw new RangeError(`${what}: at most 16 decimals`);
  const v = raw / 100n;
  if (v > E18) throw new RangeError(`${what}: at most 100 %`);
  return v;
}

/** The calculator's form -> the estimate's inputs (the same as `npm run estimate`'s flags). */
export function readCalculator(state: State): Parameters<Engine["estimate"]>[0] {
  const { engine } = state;
  const form = $<HTMLFormElement>("calc");
  const data = new FormData(form);
  let amount: bigint;
  try {
    amount = parseTokens(String(data.get("amount") ?? ""));
  } catch (e) {
    throw new RangeError(`Amount: ${(e as Error).message}`);
  }
  if (amount === 0n) throw new RangeError("Amount: must be positive");
  const tier = state.tiers.find((t) => String(t.id) === data.get("tier"));
  if (!tier) throw new RangeError("Tier: choose a tier");
  if (amount < tier.minLockAmount) throw new RangeError(`Amount: below tier ${tier.id}'s minimum lock of ${formatTokens(tier.minLockAmount)} tokens`);
  const commission = percentDec(engine, String(data.get("commission") ?? ""), "Validator commission");
  const yearsText = String(data.get("years") ?? "").trim();
  if (!/^[0-9]+(\.[0-9]+)?$/.test(yearsText)) throw new RangeError("Period: a number of years, e.g. 1 or 2.5");
  const seconds = (engine.parseDec(yearsText) * SECONDS_PER_YEAR) / E18;
  if (seconds <= 0n) throw new RangeError("Period: at least one second");
  if (seconds > 100n * SECONDS_PER_YEAR) throw new RangeError("Period: at most 100 years");
  const startText = String(data.get("start") ?? "");
  const startMs = Date.parse(`${startText}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(startText) || Number.isNaN(startMs)) throw new RangeError("Start date: a date, e.g. 2027-01-01");
  return {
    amount,
    tier,
    seconds,
    commission,
    targetRate: state.targetRate,
    exitNow: data.get("exit") === "now",
    startNs: BigInt(startMs) * 1_000_000n,
  };
}

function showEstimate(r: Estimate | null): void {
  set("r-base", r ? `${formatTokens(r.base)} tokens` : "–");
  set("r-bonus", r ? `${formatTokens(r.bonus)} tokens` : "–");
  set("r-total", r ? `${formatTokens(r.total)} tokens` : "–");
  set("r-apy", r ? `${formatPercent(r.effectiveApy, 4)} %` : "–");
  set("r-bonus-days", r ? days(r.bonusSeconds) : "–");
  set("r-unlock", r ? (r.unlockNs === null ? "no exit triggered" : formatTime(r.unlockNs)) : "–");
  // Exact values for scripts and tests.
  $("result").dataset.estimate = r
    ? JSON.stringify({ base: `${r.base}`, bonus: `${r.bonus}`, total: `${r.total}`, effectiveApy: `${r.effectiveApy}`, bonusSeconds: `${r.bonusSeconds}` })
    : "";
}

function calculate(state: State): void {
  const error = $("calc-error");
  try {
    const inputs = readCalculator(state);
    const r = state.engine.estimate(inputs);
    error.textContent = "";
    showEstimate(r);
    showPaidApy(state.engine, inputs);
  } catch (e) {
    error.textContent = (e as Error).message;
    showEstimate(null);
    showPaidApy(state.engine, null);
  }
}

async function showPositions(owner: string): Promise<void> {
  const body = $("positions").querySelector("tbody")!;
  const out = $("positions-status");
  body.replaceChildren();
  out.textContent = "Loading…";
  try {
    type P = { id: string; tier_id: number; amount: string; validator: string; exit_triggered_at: string; exit_unlock_at: string };
    const r = await getJson<{ positions: P[]; pagination: { total: string } }>(
      `${chain}/tieredrewards/v1/positions/${encodeURIComponent(owner)}?pagination.limit=100&pagination.count_total=true`,
    );
    out.textContent = r.positions.length === 0 ? "No positions." : `${r.pagination.total} position(s).`;
    for (const p of r.positions) {
      const row = document.createElement("tr");
      const triggered = !p.exit_triggered_at.startsWith("0001-01-01");
      for (const text of [p.id, String(p.tier_id), `${formatTokens(BigInt(p.amount))} tokens`, p.validator || "(undelegated)", triggered ? `unlocks ${p.exit_unlock_at}` : "not triggered"]) {
        const cell = document.createElement("td");
        cell.textContent = text;
        row.append(cell);
      }
      body.append(row);
    }
  } catch (e) {
    out.textContent = `Could not load positions: ${(e as Error).message}`;
  }
}

/** The scenario form as a scenario document (`npm run simulate -- --scenario` fields) from the chain's state; throws on bad input. */
function scenarioOf(form: HTMLFormElement, state: State): Record<string, unknown> {
  const { engine, chain: c } = state;
  const f = new FormData(form);
  const text = (k: string) => String(f.get(k) ?? "").trim();
  const months = text("months");
  if (!/^[0-9]{1,4}$/.test(months) || Number(months) < 1 || Number(months) > 1200) throw new Error("Months: a whole number from 1 to 1200.");
  const tokens = (k: string, what: string) => {
    const v = text(k).replaceAll(",", "");
    if (!/^[0-9]{1,15}(\.[0-9]{1,8})?$/.test(v)) throw new Error(`${what}: a number of tokens (up to 8 decimals).`);
    return v;
  };
  const percent = (k: string, what: string) => {
    const v = text(k);
    if (!/^[0-9]{1,3}(\.[0-9]{1,16})?$/.test(v)) throw new Error(`${what}: a percentage such as 3 or 2.5.`);
    const rate = engine.parseDec(v) / 100n;
    if (rate > E18) throw new Error(`${what}: at most 100 %.`);
    return engine.formatDec(rate);
  };
  return {
    months: Number(months), block_time: text("block_time"),
    start: { time: formatTime(c.timeNs), height: `${c.height}`, supply: formatTokens(c.supply).replaceAll(",", "") },
    genesis_override: { app_state: { tieredrewards: { tiers: c.tiers } } },
    pool: { reserve: tokens("reserve", "Rewards pool"), inflows: [] },
    target_rate: percent("target", "Target rate"),
    bonded_ratio: text("bonded") === form.dataset.bondedShown ? [] : [{ month: 0, ratio: percent("bonded", "Bonded ratio") }],
    fees: { per_year: tokens("fees", "Fee revenue"), growth: "0", payments_per_month: 30 },
  };
}

/** The page's core module and scenario worker, made at load: a scenario then runs with the network gone. */
interface Simulator {
  worker: Worker;
  module: WebAssembly.Module;
}

async function runScenario(state: State, sim: Simulator, form: HTMLFormElement): Promise<void> {
  const error = $("sim-error");
  const progress = $<HTMLProgressElement>("sim-progress");
  const out = $("sim-status");
  const button = $<HTMLButtonElement>("sim-run");
  error.textContent = "";
  let scenario: Record<string, unknown>;
  const file = loadedScenario();
  try {
    scenario = file?.doc ?? scenarioOf(form, state);
    scenarioShown(scenario);
  } catch (e) {
    error.textContent = (e as Error).message;
    return;
  }
  button.disabled = true;
  progress.value = 0;
  out.textContent = "Running…";
  set("runway", "projecting…");
  $("s-scenario").textContent = JSON.stringify(scenario, null, 2);
  try {
    const { simulation, svg, table } = await simulateInWorker(sim.worker, sim.module, scenario, {
      chart: true, table: true,
      onProgress: (height, of) => {
        progress.value = Number((height * 1000n) / (of === 0n ? 1n : of));
        out.textContent = `Block ${groupThousands(height)} of ${groupThousands(of)}`;
        set("runway", `projecting… ${progress.value / 10 | 0} %`);
      },
    });
    progress.value = 1000;
    const last = simulation.rows[simulation.rows.length - 1]!;
    const failed = simulation.failures.length;
    out.textContent = `Done: ${groupThousands(last.height)} blocks, ${simulation.txs} transactions${failed > 0 ? `, ${failed} FAILED` : ""}.`;
    const dry = simulation.poolDry;
    set("s-start", file ? `${formatTime(simulation.rows[0]!.timeNs)} (${file.name}: its genesis or start)` : `height ${groupThousands(state.chain.height)}, ${formatTime(state.chain.timeNs)} (the chain's latest block)`);
    projectionDone(simulation, table, scenario);
    calculate(state);
    set("s-dry", dry ? `month ${dry.month}, ${formatTime(dry.timeNs).slice(0, 10)} (block ${groupThousands(dry.height)} of the projection)` : "not within the horizon");
    set("s-failed", failed === 0 ? "none" : `${failed}: ${simulation.failures[0]!.what}: ${simulation.failures[0]!.log}`);
    set("runway", dry
      ? `runs dry in month ${dry.month} (${formatTime(dry.timeNs).slice(0, 10)})`
      : `lasts the ${simulation.months} months projected (${formatTokens(last.pool)} tokens left)`);
    set("s-supply", `${formatTokens(last.totalSupply)} tokens`);
    set("s-pool", `${formatTokens(last.pool)} tokens`);
    set("s-hash", simulation.appHash);
    // The chart is the worker's ECharts SVG (its own text, no script), shown as an image.
    const img = document.createElement("img");
    img.alt = `Chart: total supply, rewards pool and APYs over ${simulation.months} months`;
    img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg ?? "")}`;
    $("sim-chart").replaceChildren(img);
  } catch (e) {
    error.textContent = `The scenario failed: ${(e as Error).message}`;
    out.textContent = "";
    set("runway", "–");
  } finally {
    button.disabled = false;
  }
}

async function main(): Promise<void> {
  const module = await WebAssembly.compileStreaming(fetch(meta("core-wasm")));
  const engine = await loadEngine(module);
  const simulator: Simulator = { module, worker: new Worker(meta("sim-worker"), { type: "module" }) };
  let state: State;
  try {
    state = { engine, ...(await loadChain(engine)) };
  } catch (e) {
    status(`Could not reach the node: ${(e as Error).message}`);
    throw e;
  }
  fillTierSelect(state.tiers);
  fillScenarioForm(state);
  const start = $<HTMLInputElement>("start");
  if (!start.value) start.value = formatTime(state.latestNs).slice(0, 10);
  status(`Up to date at height ${$("height").textContent}.`);

  const form = $<HTMLFormElement>("calc");
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    calculate(state);
  });
  form.addEventListener("input", () => calculate(state));
  calculate(state);

  $("refresh").addEventListener("click", async () => {
    status("Refreshing…");
    try {
      state = { engine, ...(await loadChain(engine)) };
      fillTierSelect(state.tiers);
      fillScenarioForm(state);
      calculate(state);
      void runScenario(state, simulator, $<HTMLFormElement>("sim"));
      status(`Up to date at height ${$("height").textContent}.`);
    } catch (e) {
      status(`Could not reach the node: ${(e as Error).message}. The calculator still works.`);
    }
  });
  setupScenarioFiles(() => void runScenario(state, simulator, $<HTMLFormElement>("sim")));
  $("sim").addEventListener("input", () => {
    $("sim-error").textContent = "";
  });
  $("sim").addEventListener("submit", (e) => {
    e.preventDefault();
    void runScenario(state, simulator, e.target as HTMLFormElement);
  });
  $("positions-form").addEventListener("submit", (e) => {
    e.preventDefault();
    void showPositions(String(new FormData(e.target as HTMLFormElement).get("owner") ?? "").trim());
  });
  (globalThis as unknown as { __dashboardReady: boolean }).__dashboardReady = true;
  // The runway: the projection from the chain's state now, in the worker, once the page is up.
  void runScenario(state, simulator, $<HTMLFormElement>("sim"));
  await startDev().catch((e: Error) => {
    set("faucet-status", `The dev tools failed to start: ${e.message}`);
  });
}

/** Dev mode only: the faucet and the Keplr button (the explorer is its own page, GET /explorer). */
async function startDev(): Promise<void> {
  const dev = await devMode();
  (globalThis as unknown as { __devMode: boolean }).__devMode = dev.on;
  if (!dev.on) return;
  $("dev-tools").hidden = false;
  startDevTools({ chainInfo: dev.chainInfo, chainInfoError: dev.error });
  (globalThis as unknown as { __devToolsReady: boolean }).__devToolsReady = true;
}

main().catch((e: Error) => {
  status(`The dashboard failed to start: ${e.message}`);
});
