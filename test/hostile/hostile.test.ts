// The quick variant of `npm run test:hostile` (issue 10): a few dozen requests of every hostile
// class, from the same generator and seed, against a node and a control node in lockstep, and the
// socket classes against a node on a real port. Every answer must be a 4xx with the gateway's error
// body or a refused tx (code ≠ 0) — or a tx accepted at CheckTx (the SDK checks a message's fields
// in its server) that fails in its block past the ante handler, sent to the control too — and the
// node's state hash must equal the control's after each class.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { HOSTILE_CLASSES } from "./classes.js";
import { Prng } from "./prng.js";
import { EXECUTED } from "./proto.js";
import { SOCKET_CLASSES, judge, passed, runLockstep, runSocket, summaryLine, type ClassReport } from "./run.js";

const reports = new Map<string, ClassReport>();

test.before(async () => {
  const all = [
    ...(await runLockstep({ mode: "quick" })),
    ...(await runSocket({ mode: "quick" })),
  ];
  for (const r of all) reports.set(r.name, r);
});

for (const name of [...HOSTILE_CLASSES.map((c) => c.name), ...SOCKET_CLASSES]) {
  test(`${name}: every request refused cleanly${SOCKET_CLASSES.includes(name as never) ? "" : "; state hash = the control's"}`, () => {
    const r = reports.get(name);
    assert.ok(r, `class ${name} did not run`);
    assert.ok(r.requests > 0);
    const detail = [summaryLine(r), ...r.failures.map((f) => `  ${f.note}: ${f.path}: ${f.label}: ${f.why}`)].join("\n");
    assert.ok(passed(r), detail);
    if (!SOCKET_CLASSES.includes(name as never)) assert.is(r.hashEqual, true, detail);
  });
}

test("coverage: every message type the node executes has a hostile class, and each class sent every type it covers", () => {
  const covered = new Set(HOSTILE_CLASSES.flatMap((c) => c.covers ?? []));
  const missing = EXECUTED.typeUrls().filter((u) => !covered.has(u));
  assert.equal(missing, [], `executed message types without a hostile class: ${missing.join(", ")}`);
  for (const c of HOSTILE_CLASSES) {
    const sent = new Set(reports.get(c.name)?.types ?? []);
    const unsent = (c.covers ?? []).filter((u) => !sent.has(u));
    assert.equal(unsent, [], `${c.name} covers types its requests did not carry: ${unsent.join(", ")}`);
  }
});

test("judge: refuses what is not a clean refusal", () => {
  const tx = { method: "POST" as const, path: "/txs", note: "" };
  const gw = (code: number) => JSON.stringify({ code, message: "m", details: [] });
  const ct = "application/json";
  assert.is(judge(tx, 400, gw(3), ct).failure, undefined);
  assert.ok(judge(tx, 500, gw(13), ct).failure, "a 500");
  assert.ok(judge(tx, 400, "Bad Request", "text/plain").failure, "a 400 without the gateway body");
  assert.ok(judge(tx, 200, JSON.stringify({ tx_response: { code: 0, codespace: "", txhash: "AB" } }), ct).failure, "an accepted tx");
  const deferred = judge(tx, 200, JSON.stringify({ tx_response: { code: 0, codespace: "", txhash: "AB" } }), ct, true);
  assert.equal([deferred.failure, deferred.acceptedHash], [undefined, "AB"], "accepted where a message server's check is due: judged by its block");
  assert.is(judge(tx, 200, JSON.stringify({ tx_response: { code: 4, codespace: "sdk" } }), ct).label, "200 sdk/4");
  assert.ok(judge({ ...tx, code: "authz/2" }, 200, JSON.stringify({ tx_response: { code: 4, codespace: "sdk" } }), ct).failure, "another code than the chain's");
  assert.is(judge({ ...tx, code: "sdk/4" }, 200, JSON.stringify({ tx_response: { code: 4, codespace: "sdk" } }), ct).failure, undefined);
  assert.ok(judge({ ...tx, expect: "413" }, 400, gw(3), ct).failure, "a 400 where a 413 is due");
  assert.ok(judge({ method: "GET", path: "/cosmos/bank/v1beta1/supply", note: "" }, 200, "{}", ct).failure, "a 200 on a GET");
  const query = { method: "GET" as const, path: "/cosmos/staking/v1beta1/validators/x", note: "" };
  assert.is(judge(query, 500, gw(2), ct).failure, undefined, "a query's 500 Unknown: the chain's answer for a codec's error");
  assert.ok(judge(query, 500, gw(13), ct).failure, "a query's 500 Internal: a bug");
  assert.ok(judge(tx, 500, gw(2), ct).failure, "a tx route's 500");
  // Dot segments that resolve to `/` reach the dashboard: its page is a right answer, nothing else is.
  assert.is(judge({ method: "GET", path: "/dev/..", note: "" }, 200, "<!doctype html>", "text/html; charset=utf-8").failure, undefined);
  assert.ok(judge({ method: "GET", path: "/dev/..", note: "" }, 200, "{}", ct).failure, "JSON at / is not the dashboard");
  assert.ok(judge({ method: "GET", path: "/dev/x", note: "" }, 200, "<!doctype html>", "text/html").failure, "html elsewhere");
});

test("the generator is seeded: the same seed, the same stream", () => {
  const a = new Prng(42);
  const b = new Prng(42);
  const c = new Prng(43);
  const xs = Array.from({ length: 8 }, () => a.u32());
  assert.equal(Array.from({ length: 8 }, () => b.u32()), xs);
  assert.not.equal(Array.from({ length: 8 }, () => c.u32()), xs);
});

test.run();
