// x/mint's annual provisions as the chain stores them (Minter.AnnualProvisions, issue 25 item 5):
// the last block's inflation on the supply *before* that block's mint, over REST and abci_query
// alike, and the same after a restart (when the core has not run the block itself).

import { test } from "uvu";
import * as assert from "uvu/assert";
import { fromBinary, toBinary, create } from "@bufbuild/protobuf";
import { committedTx, nodeHarness } from "../../helpers/node.js";
import { sendMsg } from "../../helpers/dev-signer.js";
import { devAddress } from "../../../host/app/genesis.js";
import { createQueryRouter } from "../../../host/app/queries.js";
import { QueryAnnualProvisionsRequestSchema, QueryAnnualProvisionsResponseSchema } from "../../../host/wire/gen/cosmos/mint/v1beta1/query_pb.js";

const h = await nodeHarness({ prefix: "mint-queries-" });
test.after(() => h.remove());

const E18 = 10n ** 18n;
/** A gateway Dec ("98498436122372979.512180207505809832") as its raw integer. */
const raw = (text: string) => {
  const [i, f = ""] = text.split(".");
  return BigInt(i!) * E18 + BigInt(f.padEnd(18, "0"));
};

test("annual_provisions is the rate on the supply before the last block's mint, kept across a restart", async () => {
  const dbPath = h.freshDb();
  let node = await h.open({ dbPath });
  await node.post("/dev/advance?blocks=3");
  // A block with a tx keeps its finalize-block events: its mint event is what a restarted node reads.
  await committedTx(node, 5, [sendMsg(devAddress(5), devAddress(6), 1n)]);
  const last = node.chain.emission.last();
  assert.ok(last.minted > 0n, "the block minted");
  const rate = raw((await node.get("/cosmos/mint/v1beta1/inflation")).json.inflation);
  const supply = BigInt((await node.get("/cosmos/bank/v1beta1/supply/by_denom?denom=basecro")).json.amount.amount);
  const rest = raw((await node.get("/cosmos/mint/v1beta1/annual_provisions")).json.annual_provisions);
  assert.is(rest, rate * (supply - last.minted), "LegacyDec × Int is exact: rate × supply before the mint");
  assert.is.not(rest, rate * supply, "not the supply after it");

  const router = createQueryRouter(node.chain.app);
  const bytes = router.abci("/cosmos.mint.v1beta1.Query/AnnualProvisions", toBinary(QueryAnnualProvisionsRequestSchema, create(QueryAnnualProvisionsRequestSchema)));
  const answer = fromBinary(QueryAnnualProvisionsResponseSchema, bytes).annualProvisions;
  assert.is(new TextDecoder().decode(answer), `${rest}`, "abci_query: the same raw Dec in bytes");

  node.chain.close();
  node = await h.open({ dbPath });
  assert.is(node.chain.emission.last().annualProvisions, 0n, "a fresh core has not run the block");
  assert.is(raw((await node.get("/cosmos/mint/v1beta1/annual_provisions")).json.annual_provisions), rest);
  node.chain.close();
});

test.run();
