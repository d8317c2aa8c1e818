// CometBFT's ABCI messages (tendermint.abci.Request / Response, gen/tendermint/abci/types_pb.ts)
// as the ABCI server (drivers/abci.ts) reads and writes them: a request by the name of its one
// set field (`req.finalizeBlock`), a response from `{ <field>: value }`.

import { create, fromBinary, toBinary, type MessageInitShape } from "@bufbuild/protobuf";
import { RequestSchema, ResponseSchema, type Request, type Response } from "./gen/tendermint/abci/types_pb.js";

export type { Request, Response };

type Cases<M extends { value: { case: string | undefined } }> = Exclude<M["value"]["case"], undefined>;

/** A decoded request: `message`, and its oneof's set field under its name. */
export type AbciRequest = { readonly [K in Cases<Request>]?: Extract<Request["value"], { case: K }>["value"] } & { readonly message: Request };

/** A Request's bytes (without CometBFT's length prefix) → the request. Throws on malformed bytes. */
export function decodeRequest(bytes: Uint8Array): AbciRequest {
  const message = fromBinary(RequestSchema, bytes);
  return message.value.case === undefined ? { message } : { message, [message.value.case]: message.value.value };
}

/** A request's protobuf encoding. */
export const encodeRequest = (req: AbciRequest): Uint8Array => toBinary(RequestSchema, req.message);

type ValueInit = Extract<NonNullable<MessageInitShape<typeof ResponseSchema>["value"]>, { case: string }>;

/** A response's one field, by name: `{ checkTx: { code: 0, … } }`. */
export type AbciResponseInit = { [V in ValueInit as V["case"]]?: V["value"] };

/** The Response whose oneof is the one field of `init`. */
export function responseOf(init: AbciResponseInit): Response {
  const keys = Object.keys(init) as (keyof AbciResponseInit)[];
  if (keys.length !== 1) throw new Error(`an ABCI response sets one field, not ${keys.length}`);
  const key = keys[0]!;
  return create(ResponseSchema, { value: { case: key, value: init[key] } as ValueInit });
}

/** A response's protobuf encoding. */
export const encodeResponse = (res: Response): Uint8Array => toBinary(ResponseSchema, res);
