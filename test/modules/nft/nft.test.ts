// chain-main's x/nft as a dApp uses it, through CosmJS's SigningStargateClient in both sign modes
// (SIGN_MODE_DIRECT and LEGACY_AMINO_JSON, whose converters here are a client's own: the chain's
// protos name no amino.name, so each message is named by its type URL): a creator issues a denom,
// mints to a collector, edits, transfers, burns; the chain's refusals (ValidateBasic's at CheckTx, the
// keeper's in the block with codespace nft2); every Query route over REST and abci_query; simulate's
// gas equal to delivery's; the state across a restart (same app hash) and the SDK genesis export and
// import, with the chain's own genesis rules.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { AminoTypes, SigningStargateClient, createDefaultAminoConverters, type StdFee } from "@cosmjs/stargate";
import { DirectSecp256k1Wallet, Registry, type EncodeObject } from "@cosmjs/proto-signing";
import { Secp256k1Wallet } from "@cosmjs/amino";
import { defaultRegistryTypes } from "@cosmjs/stargate";
import { TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { devAddress, devPrivateKey } from "../../../host/app/genesis.js";
import { file_chainmain_nft_v1_tx } from "../../../host/wire/gen/chainmain/nft/v1/tx_pb.js";
import { QueryNFTRequestSchema, QueryNFTResponseSchema, QueryOwnerRequestSchema, QueryOwnerResponseSchema } from "../../../host/wire/gen/chainmain/nft/v1/query_pb.js";
import { createAbciQuery } from "../../../host/app/query.js";
import { createQueryRouter } from "../../../host/app/queries.js";
import { gasTrace } from "../../../host/app/gas/tx-gas.js";
import type { Access } from "../../../host/framework/gas/meter.js";
import { generatedType, keplrBody } from "../../helpers/cosmjs.js";
import { nodeHarness, type TestNode } from "../../helpers/node.js";

const h = await nodeHarness({ prefix: "nft-" });
test.after(() => h.remove());

const NFT = "/chainmain.nft.v1.";
const FEE: StdFee = { amount: [{ denom: "basecro", amount: "5000" }], gas: "400000" };
const registry = new Registry(defaultRegistryTypes);
for (const d of file_chainmain_nft_v1_tx.messages) registry.register(`/${d.typeName}`, generatedType(d));

/** A client's amino converters for x/nft (x/tx: the type URL as the name, proto field names, "" omitted). */
const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const nftAmino = Object.fromEntries(file_chainmain_nft_v1_tx.messages.filter((d) => !d.name.endsWith("Response")).map((d) => {
  const fields = d.fields.map((f) => f.localName);
  return [`/${d.typeName}`, {
    aminoType: `/${d.typeName}`,
    toAmino: (m: Record<string, string>) => Object.fromEntries(fields.filter((f) => m[f]).map((f) => [snake(f), m[f]])),
    fromAmino: (v: Record<string, string>) => Object.fromEntries(fields.map((f) => [f, v[snake(f)] ?? ""])),
  }];
}));

async function signer(n: number, amino: boolean) {
  const key = devPrivateKey(n);
  const wallet = amino ? await Secp256k1Wallet.fromKey(key, "cro") : await DirectSecp256k1Wallet.fromKey(key, "cro");
  return SigningStargateClient.offline(wallet, { registry, aminoTypes: new AminoTypes({ ...createDefaultAminoConverters(), ...nftAmino }) });
}

async function sign(node: TestNode, n: number, msgs: EncodeObject[], amino = false): Promise<Uint8Array> {
  const a = node.chain.directory.account(devAddress(n))!;
  const raw = await (await signer(n, amino)).sign(devAddress(n), msgs, FEE, "", { accountNumber: a.accountNumber, sequence: Number(a.sequence), chainId: node.chain.chainId });
  return TxRaw.encode(raw).finish();
}

/** Sends and makes the block: the committed tx_response (stage deliver) or the CheckTx refusal (stage check). */
async function send(node: TestNode, n: number, msgs: EncodeObject[], amino = false): Promise<any> {
  const r = (await node.post("/cosmos/tx/v1beta1/txs", keplrBody(await sign(node, n, msgs, amino)))).json.tx_response;
  if (r.code !== 0) return { ...r, stage: "check" };
  await node.chain.advance(1n);
  return { ...(await node.get(`/cosmos/tx/v1beta1/txs/${r.txhash}`)).json.tx_response, stage: "deliver" };
}

const [CREATOR, COLLECTOR, OTHER] = [devAddress(5), devAddress(6), devAddress(7)];
const issue = (id: string, name: string, sender = CREATOR, o: { schema?: string; uri?: string } = {}): EncodeObject =>
  ({ typeUrl: `${NFT}MsgIssueDenom`, value: { id, name, schema: o.schema ?? "", uri: o.uri ?? "", sender } });
const mint = (denomId: string, id: string, recipient: string, o: { name?: string; uri?: string; data?: string; sender?: string } = {}): EncodeObject =>
  ({ typeUrl: `${NFT}MsgMintNFT`, value: { id, denomId, name: o.name ?? "", uri: o.uri ?? "", data: o.data ?? "", sender: o.sender ?? CREATOR, recipient } });
const edit = (denomId: string, id: string, sender: string, o: { name?: string; uri?: string; data?: string }): EncodeObject =>
  ({ typeUrl: `${NFT}MsgEditNFT`, value: { id, denomId, name: o.name ?? "[do-not-modify]", uri: o.uri ?? "[do-not-modify]", data: o.data ?? "[do-not-modify]", sender } });
const transfer = (denomId: string, id: string, sender: string, recipient: string): EncodeObject => ({ typeUrl: `${NFT}MsgTransferNFT`, value: { id, denomId, sender, recipient } });
const burn = (denomId: string, id: string, sender: string): EncodeObject => ({ typeUrl: `${NFT}MsgBurnNFT`, value: { id, denomId, sender } });
const attrs = (r: any, type: string) => Object.fromEntries((r.events.find((e: any) => e.type === type)?.attributes ?? []).map((a: any) => [a.key, a.value]));

const node = await h.open();

test("MsgIssueDenom (direct): the denom by id, by name and in the list; issue_denom, then the module's message event", async () => {
  const r = await send(node, 5, [issue("kittens", "kittens", CREATOR, { schema: '{"type":"object"}', uri: "ipfs://kittens" })]);
  assert.is(r.code, 0, r.raw_log);
  assert.equal(attrs(r, "issue_denom"), { denom_id: "kittens", denom_name: "kittens", creator: CREATOR, msg_index: "0" });
  const messages = r.events.filter((e: any) => e.type === "message").map((e: any) => e.attributes.map((a: any) => a.key).join(","));
  assert.equal(messages.slice(-2), ["action,sender,msg_index", "module,sender,msg_index"]);
  const denom = { id: "kittens", name: "kittens", schema: '{"type":"object"}', creator: CREATOR, uri: "ipfs://kittens" };
  assert.equal((await node.get("/chainmain/nft/denoms/kittens")).json, { denom });
  assert.equal((await node.get("/chainmain/nft/denoms/name/kittens")).json, { denom });
  assert.equal((await node.get("/chainmain/nft/denoms")).json.denoms, [denom]);
});

test("MsgIssueDenom refusals: ValidateBasic's at CheckTx (the sequence unmoved), a taken id or name in the block", async () => {
  const seq = node.chain.directory.account(CREATOR)!.sequence;
  const short = await send(node, 5, [issue("ab", "x")]);
  assert.equal([short.stage, short.codespace, short.code, short.raw_log], ["check", "nft2", 9, "the length of denom(ab) only accepts value [3, 64]: invalid denom"]);
  const blank = await send(node, 5, [issue("puppies", " \t ")]);
  assert.equal([blank.stage, blank.codespace, blank.code, blank.raw_log], ["check", "nft2", 12, "denom name() can not be space: invalid denom name"]);
  assert.is(node.chain.directory.account(CREATOR)!.sequence, seq);
  const taken = await send(node, 6, [issue("puppies", "kittens", COLLECTOR)]);
  assert.equal([taken.stage, taken.codespace, taken.code], ["deliver", "nft2", 9]);
  assert.match(taken.raw_log, "denomName kittens has already exists: invalid denom");
  assert.is((await node.get("/chainmain/nft/denoms/puppies")).status, 500);
});

test("MsgMintNFT (amino): the token, its owner, the supplies; a token twice, a stranger's mint refused", async () => {
  const r = await send(node, 5, [mint("kittens", "tom", COLLECTOR, { name: "Tom", uri: "ipfs://tom", data: '{"age":3}' })], true);
  assert.is(r.code, 0, r.raw_log);
  assert.equal(attrs(r, "mint_nft"), { token_id: "tom", denom_id: "kittens", token_uri: "ipfs://tom", recipient: COLLECTOR, msg_index: "0" });
  assert.equal((await node.get("/chainmain/nft/nfts/kittens/tom")).json.nft, { id: "tom", name: "Tom", uri: "ipfs://tom", data: '{"age":3}', owner: COLLECTOR });
  assert.equal((await node.get(`/chainmain/nft/nfts?owner=${COLLECTOR}`)).json.owner, { address: COLLECTOR, id_collections: [{ denom_id: "kittens", token_ids: ["tom"] }] });
  assert.equal((await node.get("/chainmain/nft/collections/kittens/supply")).json, { amount: "1" });
  assert.equal((await node.get(`/chainmain/nft/collections/kittens/supply?owner=${OTHER}`)).json, { amount: "0" });
  const twice = await send(node, 5, [mint("kittens", "tom", CREATOR)]);
  assert.equal([twice.code, twice.codespace, twice.raw_log], [5, "nft2", "failed to execute message; message index: 0: NFT tom already exists in collection kittens: nft already exists"]);
  const stranger = await send(node, 6, [mint("kittens", "felix", COLLECTOR, { sender: COLLECTOR })]);
  assert.equal([stranger.code, stranger.codespace], [8, "nft2"]);
  assert.match(stranger.raw_log, `${COLLECTOR} is not the creator of kittens`);
  const badRecipient = await send(node, 5, [mint("kittens", "felix", "cro1notanaddress")]);
  assert.equal([badRecipient.stage, badRecipient.raw_log], ["check", "invalid receipt address (decoding bech32 failed: invalid character not part of charset: 111): invalid address"]);
});

test("MsgEditNFT: only the owner who is also the denom's creator; [do-not-modify] keeps a field", async () => {
  const notCreator = await send(node, 6, [edit("kittens", "tom", COLLECTOR, { name: "mine" })]);
  assert.equal([notCreator.code, notCreator.codespace], [8, "nft2"]);
  assert.match(notCreator.raw_log, "is not the creator of kittens");
  assert.is((await send(node, 5, [mint("kittens", "felix", CREATOR, { uri: "ipfs://felix" })])).code, 0);
  const r = await send(node, 5, [edit("kittens", "felix", CREATOR, { name: "Felix", data: "striped" })], true);
  assert.is(r.code, 0, r.raw_log);
  assert.equal(attrs(r, "edit_nft"), { token_id: "felix", denom_id: "kittens", token_uri: "[do-not-modify]", owner: CREATOR, msg_index: "0" });
  assert.equal((await node.get("/chainmain/nft/nfts/kittens/felix")).json.nft, { id: "felix", name: "Felix", uri: "ipfs://felix", data: "striped", owner: CREATOR });
  const notOwner = await send(node, 5, [edit("kittens", "tom", CREATOR, { name: "x" })]);
  assert.match(notOwner.raw_log, `${CREATOR} is not the owner of kittens/tom: unauthorized address`);
  const unknown = await send(node, 5, [edit("kittens", "nobody", CREATOR, { name: "x" })]);
  assert.equal([unknown.code, unknown.codespace, unknown.raw_log], [3, "nft2", "failed to execute message; message index: 0: not found NFT: kittens: unknown nft collection"]);
});

test("MsgTransferNFT (direct and amino): any owner transfers; the owner index and supplies follow", async () => {
  const r = await send(node, 6, [transfer("kittens", "tom", COLLECTOR, OTHER)]);
  assert.is(r.code, 0, r.raw_log);
  assert.equal(attrs(r, "transfer_nft"), { token_id: "tom", denom_id: "kittens", sender: COLLECTOR, recipient: OTHER, msg_index: "0" });
  assert.is((await node.get("/chainmain/nft/nfts/kittens/tom")).json.nft.owner, OTHER);
  assert.equal((await node.get(`/chainmain/nft/nfts?owner=${COLLECTOR}`)).json.owner.id_collections, []);
  assert.equal((await node.get(`/chainmain/nft/collections/kittens/supply?owner=${OTHER}`)).json, { amount: "1" });
  const again = await send(node, 6, [transfer("kittens", "tom", COLLECTOR, OTHER)]);
  assert.equal([again.code, again.codespace], [8, "nft2"]);
  assert.is((await send(node, 7, [transfer("kittens", "tom", OTHER, CREATOR)], true)).code, 0);
  assert.equal((await node.get(`/chainmain/nft/nfts?owner=${CREATOR}&denom_id=kittens`)).json.owner.id_collections, [{ denom_id: "kittens", token_ids: ["felix", "tom"] }]);
});

test("Collection and Denoms pages (query.Paginate: next_key the store key after the prefix)", async () => {
  const page = (await node.get("/chainmain/nft/collections/kittens?pagination.limit=1")).json;
  assert.equal(page.collection.nfts.map((t: any) => t.id), ["felix"]);
  assert.is(Buffer.from(page.pagination.next_key, "base64").toString(), "tom");
  const next = (await node.get(`/chainmain/nft/collections/kittens?pagination.key=${encodeURIComponent(page.pagination.next_key)}`)).json;
  assert.equal(next.collection.nfts.map((t: any) => t.id), ["tom"]);
  assert.equal((await node.get("/chainmain/nft/collections/kittens")).json.pagination, { next_key: null, total: "2" });
  const missing = await node.get("/chainmain/nft/collections/nothere");
  assert.equal([missing.status, missing.json.message], [500, "codespace nft2 code 9: invalid denom: denomID nothere not existed "]);
  assert.equal((await node.get("/chainmain/nft/nfts?owner=cro1bad")).json, { code: 3, message: "invalid owner address cro1bad", details: [] });
});

test("abci_query answers the Query service's protobuf: NFT and Owner", async () => {
  const abci = createAbciQuery(node.chain.app, createQueryRouter(node.chain.app));
  const one = await abci("/chainmain.nft.v1.Query/NFT", toBinary(QueryNFTRequestSchema, create(QueryNFTRequestSchema, { denomId: "kittens", tokenId: "tom" })));
  assert.is(one.code, 0, one.log);
  assert.is(fromBinary(QueryNFTResponseSchema, one.value).nft?.owner, CREATOR);
  const owner = await abci("/chainmain.nft.v1.Query/Owner", toBinary(QueryOwnerRequestSchema, create(QueryOwnerRequestSchema, { owner: CREATOR })));
  assert.equal(fromBinary(QueryOwnerResponseSchema, owner.value).owner?.idCollections.map((c) => [c.denomId, c.tokenIds]), [["kittens", ["felix", "tom"]]]);
  const none = await abci("/chainmain.nft.v1.Query/NFT", toBinary(QueryNFTRequestSchema, create(QueryNFTRequestSchema, { denomId: "kittens", tokenId: "nobody" })));
  assert.not.equal(none.code, 0);
});

test("MsgBurnNFT: simulate meters x/nft as delivery does; the last token burned leaves the supply at 0", async () => {
  const msgs = [burn("kittens", "felix", CREATOR)];
  // x/nft's accesses as simulate and delivery meter them (the fee collector's balance, which the
  // next block's BeginBlock changes, is the one thing the two states differ in)
  const traces: Access[][] = [];
  gasTrace.sink = (x) => traces.push([...x]);
  const nftAccesses = () => traces.splice(0).flat().filter((a) => a.store === "nft").map((a) => `${a.op} ${a.key} ${a.value} ${a.gas} ${a.what}`);
  let simulated: any;
  let simulatedAccesses: string[];
  let r: any;
  try {
    simulated = (await node.post("/cosmos/tx/v1beta1/simulate", { tx_bytes: Buffer.from(await sign(node, 5, msgs)).toString("base64") })).json;
    simulatedAccesses = nftAccesses();
    r = await send(node, 5, msgs);
  } finally {
    gasTrace.sink = undefined;
  }
  assert.is(r.code, 0, r.raw_log);
  assert.ok(Number(simulated.gas_info.gas_used) > 50_000);
  assert.equal(nftAccesses(), simulatedAccesses);
  // HasDenomID, GetNFT, GetDenom, the two deletes, the supply read and its update (2 → 1: a Set)
  assert.equal(simulatedAccesses.map((a) => a.split(" ")[0]), ["has", "get", "get", "del", "del", "get", "set"]);
  assert.equal(attrs(r, "burn_nft"), { denom_id: "kittens", token_id: "felix", owner: CREATOR, msg_index: "0" });
  assert.is((await node.get("/chainmain/nft/nfts/kittens/felix")).status, 500);
  assert.is((await send(node, 5, [burn("kittens", "tom", CREATOR)], true)).code, 0);
  assert.equal((await node.get("/chainmain/nft/collections/kittens/supply")).json, { amount: "0" });
  assert.equal((await node.get("/chainmain/nft/collections/kittens")).json.collection.nfts, []);
});

test("the state survives a restart (same app hash) and the SDK genesis export and import; the chain's genesis rules", async () => {
  assert.is((await send(node, 5, [mint("kittens", "garfield", OTHER, { name: "Garfield", data: "lasagna" })])).code, 0);
  const hash = node.chain.latestBlock().appHash;
  await node.chain.close();
  const again = await h.open({ dbPath: node.dbPath });
  try {
    assert.is(again.chain.latestBlock().appHash, hash);
    assert.is((await again.get("/chainmain/nft/nfts/kittens/garfield")).json.nft.owner, OTHER);
    const doc = again.chain.exportGenesis() as any;
    delete doc.app_state.node_state;
    assert.equal(doc.app_state.nft, { collections: [{
      denom: { id: "kittens", name: "kittens", schema: '{"type":"object"}', creator: CREATOR, uri: "ipfs://kittens" },
      nfts: [{ id: "garfield", name: "Garfield", uri: "", data: "lasagna", owner: OTHER }],
    }] });
    const imported = await h.open({ genesis: doc });
    try {
      assert.is((await imported.get("/chainmain/nft/nfts/kittens/garfield")).json.nft.data, "lasagna");
      assert.equal((imported.chain.exportGenesis() as any).app_state.nft, doc.app_state.nft);
    } finally {
      await imported.chain.close();
    }
    const refused = async (edit: (d: any) => void) => {
      const bad = structuredClone(doc);
      edit(bad);
      return h.open({ genesis: bad }).then((n) => n.chain.close().then(() => ""), (e: Error) => e.message);
    };
    // ValidateGenesis holds a collection's denom NAME to the denom id rules (as chain-main 1ac014c6 does)
    assert.match(await refused((d) => { d.app_state.nft.collections[0].denom.name = "Kittens Club"; }), "the denom(Kittens Club) only accepts lowercase alphanumeric characters");
    assert.match(await refused((d) => { d.app_state.nft.collections[0].nfts.push(d.app_state.nft.collections[0].nfts[0]); }), "NFT garfield already exists in collection kittens");
    assert.match(await refused((d) => { d.app_state.nft.collections.push(d.app_state.nft.collections[0]); }), "denomID kittens has already exists");
  } finally {
    await again.chain.close();
  }
});

test.run();
