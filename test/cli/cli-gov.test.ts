// `npm run gov`: x/gov from the command line against a running node (a child process, as a user
// runs it): submit a proposal from a file, vote with dev keys, read the tally and the result; the
// usage errors.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { GOV_MODULE_ADDRESS } from "../../host/app/genesis.js";
import { cli } from "../helpers/cli.js";
import { servedNode } from "../helpers/node.js";

const served = await servedNode("cli-gov-");
const { node, dir } = served;
test.after(() => served.close());
const advance = (q: string) => fetch(`${node.url}/dev/advance?${q}`, { method: "POST" });
const gov = (...args: string[]) => cli("gov", ...args, "--node", node.url);

test("submit from a file, vote with dev keys, the tally, the proposal passes and the tier appears", async () => {
  const file = join(dir, "proposal.json");
  await writeFile(file, JSON.stringify({
    messages: [{ type: "chainmain/MsgAddTier", value: { authority: GOV_MODULE_ADDRESS, tier: { id: 4, exit_duration: "15768000s", bonus_apy: "0.05", min_lock_amount: "10000000000" } } }],
    deposit: "10000", title: "A 6-month tier", summary: "5 % bonus",
  }));
  const submitted = await gov("submit", file, "--key", "5");
  assert.is(submitted.code, 0, submitted.stderr + submitted.stdout);
  assert.is(JSON.parse(submitted.stdout).code, 0);
  await advance("blocks=1");
  // Sent as a wallet sends today: a protobuf tx in SIGN_MODE_DIRECT (what a node under CometBFT takes too).
  const committed = (await (await fetch(`${node.url}/cosmos/tx/v1beta1/txs/${JSON.parse(submitted.stdout).txhash}`)).json()) as any;
  assert.is(committed.tx.auth_info.signer_infos[0].mode_info.single.mode, "SIGN_MODE_DIRECT");
  assert.is(committed.tx.body.messages[0]["@type"], "/cosmos.gov.v1.MsgSubmitProposal");
  assert.is(committed.tx.body.messages[0].messages[0]["@type"], "/chainmain.tieredrewards.v1.MsgAddTier");
  const proposals = JSON.parse((await gov("proposals", "--status", "voting")).stdout);
  assert.is(proposals.proposals.length, 1);
  for (const k of ["1", "2", "3"]) {
    const v = await gov("vote", "1", "yes", "--key", k);
    assert.is(v.code, 0, v.stderr + v.stdout);
  }
  await advance("blocks=1");
  assert.is(JSON.parse((await gov("tally", "1")).stdout).tally.yes_count, "3000000000000000000");
  await advance("duration=48h");
  const p = JSON.parse((await gov("proposal", "1")).stdout).proposal;
  assert.is(p.status, "PROPOSAL_STATUS_PASSED");
  const tiers = (await (await fetch(`${node.url}/chainmain/tieredrewards/v1/tiers`)).json()) as { tiers: { id: number }[] };
  assert.equal(tiers.tiers.map((t) => t.id), [1, 2, 3, 4]);
});

test("usage errors exit 2 with one line; an unreachable node exits 1 saying so", async () => {
  const noKey = await gov("vote", "1", "yes");
  assert.is(noKey.code, 2);
  assert.match(noKey.stderr, /--key N .* is required/);
  const badOption = await gov("vote", "1", "maybe", "--key", "1");
  assert.is(badOption.code, 2);
  assert.match(badOption.stderr, /one of yes, no, abstain, veto/);
  const badId = await gov("proposal", "x");
  assert.is(badId.code, 2);
  const away = await cli("gov", "proposals", "--node", "http://127.0.0.1:9");
  assert.is(away.code, 1);
  assert.match(away.stderr, /cannot reach the node/);
  const help = await cli("gov", "--help");
  assert.is(help.code, 0);
  assert.match(help.stdout, /weighted-vote/);
});

test.run();
