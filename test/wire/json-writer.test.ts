// The compiled JSON writers (host/wire/json-writer.ts) against the reflective gateway rendering
// they replace on the REST routes (gateway-render.ts gatewayJson, then JSON.stringify): the same
// text, byte for byte, over random messages of every query answer's schema and every Any payload
// the answers carry, fields drawn from edge cases (64-bit extremes, escapes and non-ASCII in
// strings, empty and random bytes, unknown enum numbers, Anys empty, known, unknown or resolved by
// the fallback, Timestamps with 0/3/6/9 fraction digits, Dec and Int text, empty lists and maps,
// unset messages, oneofs), and on the node's own answers to the load's paths.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { create, createRegistry, fromBinary, toBinary, type DescField, type DescMessage, type JsonValue, type Message, type Registry } from "@bufbuild/protobuf";
import { file_google_protobuf_duration, file_google_protobuf_timestamp, file_google_protobuf_any, file_google_protobuf_struct } from "@bufbuild/protobuf/wkt";
import { gatewayJson } from "../../host/wire/gateway-render.js";
import { gatewayJsonText } from "../../host/wire/json-writer.js";
import { ANSWER_TYPES, createQueryRouter, queryMethods } from "../../host/app/queries.js";
import { devAddress } from "../../host/app/genesis.js";
import { simulatedChain } from "../helpers/server.js";
import { optionOf } from "../../host/wire/options.js";
import { scalar as cosmosScalar } from "../../host/wire/gen/cosmos_proto/cosmos_pb.js";
import { rng } from "../helpers/ledger-model.js";


const SCHEMAS: DescMessage[] = [...new Map([
  ...queryMethods().map((m) => m.output),
  ...[...ANSWER_TYPES].filter((t): t is DescMessage => t.kind === "message"),
  // maps (string keys), oneofs of every kind, a double, an enum: google.protobuf.Struct and Value, rendered field by field
  ...file_google_protobuf_struct.messages,
].map((d) => [d.typeName, d])).values()];

/** The answers' registry plus the well-known types (an Any of a Timestamp, a Duration, an Any). */
const REGISTRY: Registry = createRegistry(ANSWER_TYPES, file_google_protobuf_timestamp, file_google_protobuf_duration, file_google_protobuf_any);
const PAYLOADS = [...REGISTRY].filter((t): t is DescMessage => t.kind === "message");
const fallback = (typeUrl: string, value: Uint8Array): Record<string, JsonValue> | undefined =>
  typeUrl.endsWith("Fallback") ? { got: value.length, nested: { "@type": "inner", list: [1, "x", null] } } : undefined;

const STRINGS = ["", "a", "cro1xyz", "quote \" and \\ backslash", "tab\tnewline\n", "\u0000\u001f ctl", "é ü 中文 🚀", "\u2028\u2029", "</script>", "123", "__x"];
const INT64 = [0n, 1n, -1n, 9_223_372_036_854_775_807n, -9_223_372_036_854_775_808n, 1_700_000_000n];
const UINT64 = [0n, 1n, 18_446_744_073_709_551_615n, 4_294_967_296n];
const DEC_RAW = ["", "0", "1", "-1", "1000000000000000000", "123456789012345678901234567890", "-5000000000000000001", "10"];
const NANOS = [0, 1, 500_000_000, 123_000_000, 123_456_000, 123_456_789, 999_999_999];

function pick<T>(r: () => number, xs: readonly T[]): T {
  return xs[Math.floor(r() * xs.length)]!;
}

function scalarValue(r: () => number, field: DescField, scalar: number, custom: string | undefined): unknown {
  if (custom === "cosmos.Dec") return scalar === 12 ? new TextEncoder().encode(pick(r, DEC_RAW)) : pick(r, DEC_RAW);
  if (custom === "cosmos.Int" && scalar === 9) return pick(r, ["", "0", "1", "-42", "340282366920938463463374607431768211455"]);
  switch (scalar) {
    case 9: return pick(r, STRINGS);
    case 12: return r() < 0.3 ? new Uint8Array(0) : Uint8Array.from({ length: 1 + Math.floor(r() * 40) }, () => Math.floor(r() * 256));
    case 8: return r() < 0.5;
    case 3: case 16: case 18: case 6: return scalar === 6 ? pick(r, UINT64) : pick(r, INT64);
    case 4: return pick(r, UINT64);
    case 1: case 2: return pick(r, [0, 1.5, -2.25, 1e21, 3.4e38]);
    case 13: case 7: return pick(r, [0, 1, 4_294_967_295]);
    default: return pick(r, [0, 1, -1, 2_147_483_647, -2_147_483_648]);
  }
}

function anyValue(r: () => number, depth: number): unknown {
  const c = r();
  if (c < 0.15) return { typeUrl: "", value: new Uint8Array(0) };
  if (c < 0.3) return { typeUrl: "/x.y.Unknown", value: Uint8Array.of(8, 1, 18, 2, 65, 66) };
  if (c < 0.4) return { typeUrl: "/x.y.Fallback", value: Uint8Array.of(1, 2, 3) };
  const desc = pick(r, PAYLOADS);
  return { typeUrl: `${r() < 0.8 ? "/" : "type.googleapis.com/"}${desc.typeName}`, value: toBinary(desc, create(desc, randomInit(r, desc, depth + 1) as never)) };
}

function messageValue(r: () => number, desc: DescMessage, depth: number): unknown {
  switch (desc.typeName) {
    case "google.protobuf.Timestamp":
      return { seconds: pick(r, [-62_135_596_800n, 0n, 1_767_225_600n, 253_402_300_799n, -1n]), nanos: pick(r, NANOS) };
    case "google.protobuf.Duration":
      return { seconds: pick(r, [0n, 1n, 31_557_600n, -3n]), nanos: pick(r, NANOS) };
    case "google.protobuf.Any":
      return anyValue(r, depth);
  }
  return randomInit(r, desc, depth + 1);
}

function oneValue(r: () => number, field: DescField, kind: string, depth: number): unknown {
  if (kind === "message") return messageValue(r, field.message!, depth);
  if (kind === "enum") {
    const values = field.enum!.values;
    return r() < 0.1 ? 97 : pick(r, values).number;
  }
  return scalarValue(r, field, field.scalar!, customOf(field));
}

const customOf = (field: DescField): string | undefined => CUSTOM.get(field);
const CUSTOM = new WeakMap<DescField, string>();

/** A random init shape of `desc`: each field unset, default or random; lists and maps 0-3 entries. */
function randomInit(r: () => number, desc: DescMessage, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of desc.fields) {
    if (r() < 0.25) continue; // unset
    if (field.fieldKind === "message" && depth >= 4) continue;
    if (field.oneof !== undefined) {
      if (out[field.oneof.localName] !== undefined || r() < 0.5) continue;
      out[field.oneof.localName] = { case: field.localName, value: oneValue(r, field, field.fieldKind, depth) };
      continue;
    }
    switch (field.fieldKind) {
      case "list": {
        if (field.listKind === "message" && depth >= 4) continue;
        out[field.localName] = Array.from({ length: Math.floor(r() * 4) }, () => oneValue(r, field, field.listKind, depth));
        break;
      }
      case "map": {
        if (field.mapKind === "message" && depth >= 4) continue;
        const m: Record<string, unknown> = {};
        for (let i = Math.floor(r() * 4); i > 0; i--) m[pick(r, ["k", "2", "10", "a\"b", "é", "0"])] = oneValue(r, field, field.mapKind, depth);
        out[field.localName] = m;
        break;
      }
      default:
        out[field.localName] = oneValue(r, field, field.fieldKind, depth);
    }
  }
  return out;
}

// The custom scalar (cosmos.Dec, cosmos.Int) of each field, read once.
function noteCustom(desc: DescMessage, seen = new Set<string>()): void {
  if (seen.has(desc.typeName)) return;
  seen.add(desc.typeName);
  for (const f of desc.fields) {
    const c = optionOf(f, cosmosScalar);
    if (typeof c === "string" && c !== "") CUSTOM.set(f, c);
    if (f.message) noteCustom(f.message, seen);
  }
}
for (const d of [...SCHEMAS, ...PAYLOADS]) noteCustom(d);

/** The reflective text, or the error it throws (the writer must throw too). */
function both(desc: DescMessage, msg: Message, registry?: Registry): [string, string] {
  let want: string;
  try {
    want = JSON.stringify(gatewayJson(desc, msg, registry, fallback));
  } catch (e) {
    want = `throws ${(e as Error).constructor.name}`;
  }
  let got: string;
  try {
    got = gatewayJsonText(desc, msg, registry, fallback);
  } catch (e) {
    got = `throws ${(e as Error).constructor.name}`;
  }
  return [got, want];
}

test(`random messages of ${SCHEMAS.length} answer schemas and ${PAYLOADS.length} Any payloads: the reflective text exactly`, () => {
  assert.ok(SCHEMAS.length > 100, `only ${SCHEMAS.length} schemas`);
  assert.ok(SCHEMAS.some((d) => d.fields.some((f) => f.fieldKind === "map")), "no map field among the schemas");
  const r = rng(35);
  let compared = 0;
  let threw = 0;
  for (const desc of [...SCHEMAS, ...PAYLOADS]) {
    for (let i = 0; i < 30; i++) {
      const init = randomInit(r, desc, 0);
      const msg = create(desc, init as never) as Message;
      for (const m of [msg, i % 3 === 0 ? fromBinary(desc, toBinary(desc, msg)) : undefined]) {
        if (m === undefined) continue;
        for (const registry of [REGISTRY, undefined]) {
          const [got, want] = both(desc, m, registry);
          if (want.startsWith("throws")) threw++;
          if (got !== want) assert.fixture(got, want, `${desc.typeName} #${i}`);
          compared++;
        }
      }
    }
  }
  assert.ok(compared > 10_000, `${compared} compared`);
  assert.ok(threw < compared / 2, `${threw} of ${compared} threw`);
});

test("defaults: every schema's empty message, and a message of another schema's type (its message fields null)", () => {
  for (const desc of SCHEMAS) {
    const [got, want] = both(desc, create(desc) as Message, REGISTRY);
    assert.is(got, want, desc.typeName);
    const plain = { ...(create(desc) as object), $typeName: "other.Type" } as unknown as Message;
    const [g2, w2] = both(desc, plain, REGISTRY);
    assert.is(g2, w2, `${desc.typeName} (foreign)`);
  }
});

test("the node's answers on the load's paths and the validator list: the route's text is JSON.stringify of its answer", async () => {
  const chain = await simulatedChain();
  const router = createQueryRouter(chain.app);
  const routes = router.routes();
  const route = (p: string) => routes.find((x) => x.path === p)!;
  const none = { path: {}, query: () => [] };
  const validators = JSON.parse(route("/cosmos/staking/v1beta1/validators").text(none)).validators as { operator_address: string }[];
  assert.is(validators.length, 4);
  const cases: [string, Record<string, string>][] = [
    ["/cosmos/staking/v1beta1/validators", {}],
    ["/cosmos/staking/v1beta1/validators/:validator_addr/delegations", { validator_addr: validators[0]!.operator_address }],
    ["/cosmos/staking/v1beta1/validators/:validator_addr", { validator_addr: validators[1]!.operator_address }],
    ["/cosmos/staking/v1beta1/delegations/:delegator_addr", { delegator_addr: devAddress(5) }],
    ["/cosmos/bank/v1beta1/supply", {}],
    ["/cosmos/bank/v1beta1/balances/:address", { address: devAddress(8) }],
    ["/cosmos/staking/v1beta1/pool", {}],
    ["/cosmos/staking/v1beta1/params", {}],
    ["/cosmos/auth/v1beta1/accounts/:address", { address: devAddress(1) }],
    ["/cosmos/distribution/v1beta1/delegators/:delegator_address/rewards", { delegator_address: devAddress(7) }],
  ];
  for (const [p, path] of cases) {
    const r = route(p);
    assert.ok(r, p);
    const params = { path, query: () => [] };
    const text = r.text(params);
    assert.is(text, JSON.stringify(r.answer(params)), p);
  }
});

test.run();
