// decodeBroadcastTx (wire/amino/stdtx.ts) is decodeTx(broadcastRequest(body).tx) without making a
// legacy StdTx's canonical form twice: the same DecodedTx (values, key order, bytes, hash) and the
// same refusals, for signed bodies as objects and as text, bodies whose keys come unsorted, text
// escapes (`&<>`, non-ASCII, a lone surrogate), numbers inside a message, protobuf tx_bytes, and
// bodies that do not decode. verifyTx decodes with it.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { broadcastRequest, decodeBroadcastTx, decodeTx } from "../../host/wire/amino/stdtx.js";
import { devAddress } from "../../host/app/genesis.js";
import { devSigner, sendMsg } from "../helpers/dev-signer.js";

const reference = (body: unknown) => decodeTx(broadcastRequest(body).tx);

/** The outcome as comparable text: the decoded tx (keys in their order) or the refusal. */
function outcome(f: () => unknown): string {
  try {
    return JSON.stringify(f(), (_k, v: unknown) => (typeof v === "bigint" ? `${v}n` : v instanceof Uint8Array ? Buffer.from(v).toString("hex") : v));
  } catch (e) {
    return `throws ${(e as Error).constructor.name}: ${(e as Error).message} ${JSON.stringify(e)}`;
  }
}

const same = (body: unknown, what: string) => {
  const want = outcome(() => reference(body));
  assert.is(outcome(() => decodeBroadcastTx(body)), want, what);
  return want;
};

const signer = await devSigner(3);
const signed = async (memo: string, extra?: Record<string, unknown>) => {
  const msg = sendMsg(signer.address, devAddress(40), 7n);
  const body = await signer.sign([extra ? { ...msg, value: { ...(msg.value as object), ...extra } } : msg], { chainId: "c", accountNumber: 9n, sequence: 2n, memo });
  return body as { tx: Record<string, unknown>; mode: string };
};

test("signed legacy bodies, as objects and as text", async () => {
  for (const memo of ["", "plain", "a&b<c>d", "ünïcödé ✓ 🚀", "\ud800 lone", 'quote " and \\ slash']) {
    const body = await signed(memo);
    assert.not.match(same(body, `object, memo ${JSON.stringify(memo)}`), /^throws/);
    same(JSON.stringify(body), `text, memo ${JSON.stringify(memo)}`);
    same(new TextEncoder().encode(JSON.stringify(body)), `bytes, memo ${JSON.stringify(memo)}`);
  }
});

test("keys unsorted, a bare StdTx, numbers and nested values inside a message", async () => {
  const body = await signed("m", { zeta: 1.5, alpha: { y: [3, -0, 1e21], b: null, a: true } });
  const { msg, fee, signatures, memo } = body.tx as { msg: unknown; fee: unknown; signatures: unknown; memo: unknown };
  const reordered = { mode: body.mode, tx: { signatures, memo, fee, msg } };
  same(reordered, "reordered");
  same(body.tx, "a bare StdTx");
  same({ ...body, mode: "block" }, "another mode");
});

test("refusals: the same error", async () => {
  const body = await signed("x");
  const tx = body.tx;
  for (const bad of [
    "", "{", "[]", "null", { tx: { ...tx, msg: [] } }, { tx: { ...tx, extra: 1 } }, { tx: { ...tx, fee: { amount: "x", gas: "1" } } },
    { tx: { ...tx, signatures: [{ signature: "!!" }] } }, { tx, mode: "nonsense" }, { tx_bytes: "!!", mode: "BROADCAST_MODE_SYNC" },
    { tx_bytes: "CgA=", mode: "BROADCAST_MODE_SYNC" }, { tx_bytes: "CgA=", mode: "BROADCAST_MODE_SYNC", other: 1 },
    { tx: { ...tx, msg: [{ type: "cosmos-sdk/MsgSend" }] } }, { tx: { ...tx, msg: [{ type: "", value: {} }] } },
  ]) {
    const want = outcome(() => reference(bad));
    assert.match(want, /^throws/, `${JSON.stringify(bad).slice(0, 80)} is refused`);
    assert.is(outcome(() => decodeBroadcastTx(bad)), want, JSON.stringify(bad).slice(0, 80));
  }
});

test.run();
