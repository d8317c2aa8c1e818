// The gateway's rendering (host/wire/gateway-json.ts): Dec, Timestamp, Duration and the HTTP
// status of each gRPC code; and its one error mapping (host/server/app.ts toGatewayError) of
// validation, chain state, core and any other errors.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { CoreError, CoreCode } from "../../host/core/errors.js";
import { ValidationError } from "../../host/errors.js";
import { ChainStateError } from "../../host/framework/types.js";
import { toGatewayError } from "../../host/server/app.js";
import { decString, durationString, httpStatusFromCode, parseTimestamp, timestampString } from "../../host/wire/gateway-json.js";
import { GENESIS_NS, S, core } from "../helpers/server.js";

test("gateway rendering: Dec, Timestamp, Duration, HTTP status of each gRPC code", () => {
  for (const raw of [0n, 1n, 10n ** 18n, 68n * 10n ** 15n, (1n << 128n) - 1n]) assert.is(decString(raw), core.dec.format(raw));
  assert.is(decString(-15n * 10n ** 17n), "-1.500000000000000000");
  assert.is(timestampString(GENESIS_NS), "2026-01-01T00:00:00Z");
  assert.is(timestampString(GENESIS_NS + 500_000_000n), "2026-01-01T00:00:00.500Z");
  assert.is(timestampString(GENESIS_NS + 1_500n), "2026-01-01T00:00:00.000001500Z");
  assert.is(timestampString(GENESIS_NS + 1_000n), "2026-01-01T00:00:00.000001Z");
  assert.is(timestampString(parseTimestamp("0001-01-01T00:00:00Z")), "0001-01-01T00:00:00Z");
  assert.is(parseTimestamp("2026-01-01T01:00:00.25+01:00"), GENESIS_NS + 250_000_000n);
  assert.throws(() => timestampString(parseTimestamp("9999-12-31T23:59:59Z") + S), RangeError);
  assert.is(durationString(31_557_600n * S), "31557600s");
  assert.is(durationString(1_500_000_000n), "1.500s");
  const table: [number, number][] = [
    [0, 200], [1, 408], [2, 500], [3, 400], [4, 504], [5, 404], [6, 409], [7, 403], [8, 429],
    [9, 400], [10, 409], [11, 400], [12, 501], [13, 500], [14, 503], [15, 500], [16, 401],
  ];
  for (const [code, status] of table) assert.is(httpStatusFromCode(code), status, `code ${code}`);
});

test("one error mapping: gateway, validation, chain state, core, and anything else", () => {
  assert.equal(toGatewayError(new ValidationError("bad", "x")), { code: 3, message: "x: bad" });
  assert.equal(toGatewayError(new ChainStateError("halted")), { code: 9, message: "halted" });
  assert.equal(toGatewayError(new CoreError(CoreCode.PARSE_EMPTY)), { code: 3, message: "decimal string cannot be empty" });
  assert.equal(toGatewayError(new CoreError(CoreCode.OVERFLOW)), { code: 2, message: "Int overflow" });
  let logged: unknown;
  assert.equal(toGatewayError(new TypeError("secret detail"), (e) => (logged = e)), { code: 13, message: "internal error" });
  // A client that hung up mid-body is no bug: not logged.
  let aborted: unknown;
  const reset = Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" });
  for (const e of [new Error("aborted"), reset]) {
    assert.equal(toGatewayError(e, (x) => (aborted = x)), { code: 1, message: "the client closed the request" });
  }
  assert.is(aborted, undefined);
  assert.instance(logged, TypeError);
});

test.run();
