// x/authz held to the reference chain's recording test/reference-chain/authz-feegrant-vesting (rows
// 2–16): the recorded txs replayed on a node started from that recording's genesis.json
// (helpers/reference-replay.ts), each compared with the chain (stage, code, codespace, raw log, gas,
// events, msg responses), and after each row the grants queries the recording made right after its
// block (`queries`: the REST bodies of /cosmos/authz/v1beta1/grants…) answered by the node's
// router on the state that row left, equal to the chain's (a re-signed row's times moved with it).

import { test } from "uvu";
import * as assert from "uvu/assert";
import type { JsonValue } from "@bufbuild/protobuf";
import { nodeHarness } from "../../helpers/node.js";
import { readReference } from "../../helpers/reference-chain.js";
import { SECOND } from "../../helpers/reference-workload.js";
import { differences, report } from "../../helpers/reference-compare.js";
import { replayRecorded, type ReplayRow } from "../../helpers/reference-replay.js";
import { createQueryRouter } from "../../../host/app/queries.js";
import type { QueryRoute } from "../../../host/framework/query-router.js";

const DIR = "authz-feegrant-vesting";
const results = readReference(`${DIR}/workload-results.json`).results as { label: string; queries?: { path: string; status: number; body: JsonValue }[] }[];
const AUTHZ_ROWS = Array.from({ length: 15 }, (_, i) => i + 2);

const h = await nodeHarness({ prefix: "authz-recorded-" });
test.after(() => h.remove());

/** The node's answer to a REST path, read at once (the router's handlers are synchronous). */
function answer(routes: readonly QueryRoute[], path: string): JsonValue {
  const [pathname, search = ""] = path.split("?");
  for (const r of routes) {
    const names: string[] = [];
    const re = new RegExp(`^${r.path.replace(/:(\w+)/g, (_, n: string) => (names.push(n), "([^/]+)"))}$`);
    const m = re.exec(pathname!);
    if (m === null) continue;
    const q = new URLSearchParams(search);
    return r.answer({ path: Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1]!)])), query: (name) => q.getAll(name) });
  }
  throw new Error(`no route for ${path}`);
}

/** RFC 3339 times in a body moved by `delta` seconds (a re-signed row's expirations). */
const moved = (body: JsonValue, delta: bigint): JsonValue =>
  JSON.parse(JSON.stringify(body).replace(/"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)Z"/g, (_, t: string) => `"${new Date(Date.parse(`${t}Z`) + Number(delta) * 1000).toISOString().slice(0, 19)}Z"`));

const node = await h.open({ genesis: readReference(`${DIR}/genesis.json`), blockTimeNs: SECOND });
const routes = createQueryRouter(node.chain.app).routes();
const rows: ReplayRow[] = [];
const queried: { n: number; path: string; chain: JsonValue; node: JsonValue }[] = [];
let delta = 0n;
try {
  await replayRecorded(DIR, node, (row) => {
    if (!AUTHZ_ROWS.includes(row.n)) return;
    rows.push(row);
    const m = /times moved ([+-]?\d+) s/.exec(row.resigned);
    if (m !== null) delta = BigInt(m[1]!);
    for (const q of results[row.n - 1]!.queries ?? []) {
      if (!q.path.startsWith("/cosmos/authz/")) continue;
      queried.push({ n: row.n, path: q.path, chain: moved(q.body, delta), node: answer(routes, q.path) });
    }
  });
} finally {
  await node.chain.close();
}

test("rows 2–16: grants, execs and revokes as the chain ran them (logs, gas, events, responses)", () => {
  assert.equal(rows.map((r) => r.n), AUTHZ_ROWS);
  const off = rows.map((r) => ({ r, d: differences(r) })).filter((x) => x.d.length > 0);
  if (off.length > 0) assert.unreachable(off.map((x) => report(x.r, x.d)).join("\n"));
});

test("after each row, the grants by granter and grantee, by granter, by grantee: the chain's bodies", () => {
  assert.is(queried.length, 9); // rows 2 (three routes), 3, 4, 7, 9, 13 and 16
  for (const q of queried) assert.equal(q.node, q.chain, `row ${q.n} ${q.path}`);
});

test.run();
