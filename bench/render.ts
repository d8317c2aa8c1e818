// `npm run bench -- render`: the answers of the load's GET paths (bench/load.ts loadPaths) and of
// abci_query's validator list, rendered on a chain in memory (default genesis, 4 validators):
// per answer, µs of CPU for the reflective gateway rendering (gateway-render.ts gatewayJson, then
// JSON.stringify, as REST answered before), the compiled writer (json-writer.ts, as REST answers
// now), protobuf-es's reflective toJson + JSON.stringify for scale, and the protobuf encoding
// (toBinary, abci_query's answer). Every answer's compiled text is first checked equal to the
// reflective one. Rounds interleaved, medians of 7.

import { readFile } from "node:fs/promises";
import { fromBinary, toBinary, toJson, type DescMessage, type Message } from "@bufbuild/protobuf";
import { loadCore } from "../host/core/core.js";
import { CORE_WASM } from "../host/core/node.js";
import { NodeChain } from "../host/drivers/embedded.js";
import { defaultGenesisJson, devAddress } from "../host/app/genesis.js";
import { ANSWER_TYPES, createQueryRouter } from "../host/app/queries.js";
import { methodPath, type QueryRoute } from "../host/framework/query-router.js";
import { requestFromHttp, type HttpParams } from "../host/wire/gateway-request.js";
import { gatewayJson } from "../host/wire/gateway-render.js";
import { gatewayJsonText } from "../host/wire/json-writer.js";
import { median, loadAverage } from "./stats.js";

const ROUNDS = 7;
const MIN_MS = 40;

/** µs per call of `f`, over at least MIN_MS. */
function usPer(f: () => unknown): number {
  let n = 0;
  const t0 = performance.now();
  let t = t0;
  do {
    for (let i = 0; i < 50; i++) f();
    n += 50;
    t = performance.now();
  } while (t - t0 < MIN_MS);
  return ((t - t0) * 1000) / n;
}

export interface RenderRow { path: string; bytes: number; reflectiveUs: number; compiledUs: number; toJsonUs: number; toBinaryUs: number; abciUs: number }

export async function runRenderBench(): Promise<{ rows: RenderRow[]; load: string }> {
  const core = await loadCore(await WebAssembly.compile(await readFile(CORE_WASM)));
  const chain = NodeChain.inMemory(core, defaultGenesisJson(), 5_000_000_000n);
  const router = createQueryRouter(chain.app);
  const routes = router.routes();
  const ask = (path: string) => {
    const [p, qs] = path.split("?");
    for (const route of routes) {
      const names: string[] = [];
      const re = new RegExp(`^${route.path.replace(/:(\w+)/g, (_, n: string) => (names.push(n), "([^/]+)"))}$`);
      const m = re.exec(p!);
      if (!m) continue;
      const q = new URLSearchParams(qs ?? "");
      const params: HttpParams = { path: Object.fromEntries(names.map((n, i) => [n, m[i + 1]!])), query: (n) => q.getAll(n) };
      return { route, params };
    }
    throw new Error(`no route for ${path}`);
  };
  const validators = (JSON.parse(ask("/cosmos/staking/v1beta1/validators").route.text(ask("/cosmos/staking/v1beta1/validators").params)).validators as { operator_address: string }[]);
  const v0 = validators[0]!.operator_address;
  const paths = [
    "/cosmos/staking/v1beta1/validators", "/cosmos/staking/v1beta1/validators?status=BOND_STATUS_BONDED", `/cosmos/staking/v1beta1/validators/${v0}/delegations`,
    "/chainmain/tieredrewards/v1/positions", `/cosmos/staking/v1beta1/delegations/${devAddress(5)}`, "/chainmain/tieredrewards/v1/tiers",
    "/cosmos/bank/v1beta1/supply", `/chainmain/tieredrewards/v1/positions/${devAddress(6)}`, "/chainmain/tieredrewards/v1/rewards_pool_balances",
    `/cosmos/distribution/v1beta1/delegators/${devAddress(7)}/rewards`, `/cosmos/bank/v1beta1/balances/${devAddress(8)}`, "/cosmos/staking/v1beta1/pool",
  ];
  const cases = paths.map((path) => {
    const { route, params }: { route: QueryRoute; params: HttpParams } = ask(path);
    const out = route.method.output as DescMessage;
    const data = toBinary(route.method.input, requestFromHttp(route.method.input, params));
    const msg = fromBinary(out, router.abci(methodPath(route.method), data)) as Message;
    const reflective = () => JSON.stringify(gatewayJson(out, msg, ANSWER_TYPES));
    const compiled = () => gatewayJsonText(out, msg, ANSWER_TYPES);
    if (compiled() !== reflective()) throw new Error(`${path}: the compiled writer's text differs from the reflective rendering`);
    return { path, out, msg, data, method: route.method, reflective, compiled, bytes: compiled().length };
  });
  const samples = cases.map(() => ({ r: [] as number[], c: [] as number[], j: [] as number[], b: [] as number[], a: [] as number[] }));
  for (let round = 0; round < ROUNDS; round++) {
    cases.forEach((k, i) => {
      samples[i]!.r.push(usPer(k.reflective));
      samples[i]!.c.push(usPer(k.compiled));
      samples[i]!.j.push(usPer(() => JSON.stringify(toJson(k.out, k.msg, { useProtoFieldName: true, alwaysEmitImplicit: true, registry: ANSWER_TYPES }))));
      samples[i]!.b.push(usPer(() => toBinary(k.out, k.msg)));
      samples[i]!.a.push(usPer(() => router.abci(methodPath(k.method), k.data)));
    });
  }
  return {
    rows: cases.map((k, i) => ({
      path: k.path, bytes: k.bytes, reflectiveUs: median(samples[i]!.r), compiledUs: median(samples[i]!.c), toJsonUs: median(samples[i]!.j),
      toBinaryUs: median(samples[i]!.b), abciUs: median(samples[i]!.a),
    })),
    load: loadAverage(),
  };
}

export function renderLines(b: { rows: RenderRow[]; load: string }): string[] {
  const lines = [`Answer rendering, µs per answer (median of ${ROUNDS} interleaved rounds; load ${b.load})`,
    "  reflective = gatewayJson + JSON.stringify (REST before), compiled = json-writer (REST now), toJson = protobuf-es toJson + stringify,",
    "  toBinary = the answer's protobuf encoding, abci = abci_query's whole handler (request decode, handler, create, toBinary)"];
  lines.push(`  ${"path".padEnd(64)} ${"bytes".padStart(6)} ${"reflect".padStart(8)} ${"compiled".padStart(8)} ${"x".padStart(5)} ${"toJson".padStart(7)} ${"toBinary".padStart(8)} ${"abci".padStart(7)}`);
  for (const r of b.rows) {
    lines.push(`  ${r.path.slice(0, 64).padEnd(64)} ${String(r.bytes).padStart(6)} ${r.reflectiveUs.toFixed(1).padStart(8)} ${r.compiledUs.toFixed(1).padStart(8)} ` +
      `${(r.reflectiveUs / r.compiledUs).toFixed(1).padStart(5)} ${r.toJsonUs.toFixed(1).padStart(7)} ${r.toBinaryUs.toFixed(1).padStart(8)} ${r.abciUs.toFixed(1).padStart(7)}`);
  }
  return lines;
}

export async function renderMain(): Promise<number> {
  const b = await runRenderBench();
  for (const l of renderLines(b)) console.log(l);
  return 0;
}
