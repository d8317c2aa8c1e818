// Issue 38's second "done when": chain-maind's export of a chain holding NFTs, an authz grant, a fee
// allowance, vesting accounts, a group (policy account with its ModuleCredential, an open proposal and
// its vote) and an upgrade plan (test/reference-chain/export-mix: the workload, then `chain-maind
// export`) imports here, answers as the chain held it, and exports back to the same document (which
// chain-maind accepts: `chain-maind genesis validate`, see the folder's README.md).

import { test } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { nodeHarness } from "../helpers/node.js";
import { MODULES } from "../../host/modules/index.js";

const DIR = join(import.meta.dirname, "..", "reference-chain", "export-mix");
const exported = JSON.parse(readFileSync(join(DIR, "export.json"), "utf8"));
const h = await nodeHarness({ prefix: "export-mix-" });
test.after(h.remove);

const withoutNodeState = (d: any) => {
  const { node_state: _, ...rest } = d.app_state;
  return { ...d, app_state: rest };
};
const app = exported.app_state;
/** The whole document chain-maind exported, its passed upgrade proposal included (x/upgrade exports no plan). */
const document = exported;
assert.ok(MODULES.some((m) => m.messages?.some((d) => d.schema.typeName === "cosmos.upgrade.v1beta1.MsgSoftwareUpgrade")), "x/upgrade executes MsgSoftwareUpgrade");
assert.ok(exported.app_state.gov.proposals.some((p: any) => p.messages.some((m: any) => m["@type"] === "/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade")), "the export holds the upgrade proposal");

test("the export holds what the workload made", () => {
  assert.is(app.nft.collections[0].denom.id, "exportdenom");
  assert.is(app.authz.authorization.length, 1);
  assert.is(app.feegrant.allowances.length, 1);
  assert.ok(app.auth.accounts.some((a: any) => a["@type"] === "/cosmos.vesting.v1beta1.ContinuousVestingAccount"));
  assert.ok(app.auth.accounts.some((a: any) => a["@type"] === "/cosmos.vesting.v1beta1.PeriodicVestingAccount"));
  assert.equal([app.group.groups.length, app.group.group_policies.length, app.group.proposals.length, app.group.votes.length], [1, 1, 1, 1]);
  assert.ok(app.auth.accounts.some((a: any) => a.pub_key?.["@type"] === "/cosmos.auth.v1beta1.ModuleCredential"));
});

test("imported: the node answers each module's state as the chain held it, and exports the same document back", async () => {
  const node = await h.open({ genesis: document });
  try {
    const policy = app.group.group_policies[0].address;
    assert.equal((await node.get(`/cosmos/group/v1/group_policy_info/${policy}`)).json.info, app.group.group_policies[0]);
    assert.equal((await node.get("/cosmos/group/v1/proposal/1")).json.proposal, app.group.proposals[0]);
    assert.equal((await node.get("/cosmos/group/v1/votes_by_proposal/1")).json.votes, app.group.votes);
    assert.is((await node.get(`/cosmos/auth/v1beta1/accounts/${policy}`)).json.account.pub_key.module_name, "group");
    assert.is((await node.get("/chainmain/nft/nfts/exportdenom/exporttoken")).json.nft.data, '{"a":1}');
    const grant = app.authz.authorization[0];
    assert.is((await node.get(`/cosmos/authz/v1beta1/grants?granter=${grant.granter}&grantee=${grant.grantee}`)).json.grants.length, 1);
    const allowance = app.feegrant.allowances[0];
    assert.is((await node.get(`/cosmos/feegrant/v1beta1/allowance/${allowance.granter}/${allowance.grantee}`)).status, 200);
    const again = (await node.get("/dev/export")).json;
    for (const section of ["nft", "authz", "feegrant", "group", "upgrade", "auth", "bank", "gov"]) {
      assert.equal(again.app_state[section], document.app_state[section], `app_state.${section}`);
    }
    assert.equal(withoutNodeState(again), document, "the same document at the same height");
  } finally {
    await node.chain.close();
  }
});

test.run();
