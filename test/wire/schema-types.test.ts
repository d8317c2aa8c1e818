// The types the chain's messages carry in their Anys and nested fields (gov contents,
// authorizations, fee allowances, evidence, decision policies, vesting accounts, IBC's packets and
// heights): each has the chain's amino name, and each message of their schema files encodes to
// cosmjs-types' bytes for the same content.

import { test } from "uvu";
import * as assert from "uvu/assert";
import type { DescFile, DescMessage } from "@bufbuild/protobuf";
import { aminoTypeName } from "../../host/wire/amino/amino-json.js";
import { compareWithCosmjs, type CosmjsType } from "../helpers/proto-sample.js";
import { file_cosmos_vesting_v1beta1_vesting } from "../../host/wire/gen/cosmos/vesting/v1beta1/vesting_pb.js";
import { file_cosmos_bank_v1beta1_bank } from "../../host/wire/gen/cosmos/bank/v1beta1/bank_pb.js";
import { file_cosmos_bank_v1beta1_authz } from "../../host/wire/gen/cosmos/bank/v1beta1/authz_pb.js";
import { file_cosmos_distribution_v1beta1_distribution } from "../../host/wire/gen/cosmos/distribution/v1beta1/distribution_pb.js";
import { file_cosmos_staking_v1beta1_authz } from "../../host/wire/gen/cosmos/staking/v1beta1/authz_pb.js";
import { file_cosmos_gov_v1beta1_gov } from "../../host/wire/gen/cosmos/gov/v1beta1/gov_pb.js";
import { file_cosmos_authz_v1beta1_authz } from "../../host/wire/gen/cosmos/authz/v1beta1/authz_pb.js";
import { file_cosmos_feegrant_v1beta1_feegrant } from "../../host/wire/gen/cosmos/feegrant/v1beta1/feegrant_pb.js";
import { file_cosmos_upgrade_v1beta1_upgrade } from "../../host/wire/gen/cosmos/upgrade/v1beta1/upgrade_pb.js";
import { file_cosmos_evidence_v1beta1_evidence } from "../../host/wire/gen/cosmos/evidence/v1beta1/evidence_pb.js";
import { file_cosmos_circuit_v1_types } from "../../host/wire/gen/cosmos/circuit/v1/types_pb.js";
import { file_cosmos_group_v1_types } from "../../host/wire/gen/cosmos/group/v1/types_pb.js";
import { file_ibc_core_client_v1_client } from "../../host/wire/gen/ibc/core/client/v1/client_pb.js";
import { file_ibc_core_client_v2_config } from "../../host/wire/gen/ibc/core/client/v2/config_pb.js";
import { file_ibc_core_commitment_v1_commitment } from "../../host/wire/gen/ibc/core/commitment/v1/commitment_pb.js";
import { file_ibc_core_connection_v1_connection } from "../../host/wire/gen/ibc/core/connection/v1/connection_pb.js";
import { file_ibc_core_channel_v1_channel } from "../../host/wire/gen/ibc/core/channel/v1/channel_pb.js";
import { file_ibc_core_channel_v2_packet } from "../../host/wire/gen/ibc/core/channel/v2/packet_pb.js";
import { file_ibc_applications_transfer_v1_authz } from "../../host/wire/gen/ibc/applications/transfer/v1/authz_pb.js";
import { file_ibc_applications_interchain_accounts_v1_packet } from "../../host/wire/gen/ibc/applications/interchain_accounts/v1/packet_pb.js";
import { file_ibc_applications_interchain_accounts_controller_v1_controller } from "../../host/wire/gen/ibc/applications/interchain_accounts/controller/v1/controller_pb.js";
import { file_ibc_applications_interchain_accounts_host_v1_host } from "../../host/wire/gen/ibc/applications/interchain_accounts/host/v1/host_pb.js";

const FILES: DescFile[] = [
  file_cosmos_vesting_v1beta1_vesting, file_cosmos_bank_v1beta1_bank, file_cosmos_bank_v1beta1_authz,
  file_cosmos_distribution_v1beta1_distribution, file_cosmos_staking_v1beta1_authz, file_cosmos_gov_v1beta1_gov,
  file_cosmos_authz_v1beta1_authz, file_cosmos_feegrant_v1beta1_feegrant, file_cosmos_upgrade_v1beta1_upgrade,
  file_cosmos_evidence_v1beta1_evidence, file_cosmos_circuit_v1_types, file_cosmos_group_v1_types,
  file_ibc_core_client_v1_client, file_ibc_core_client_v2_config, file_ibc_core_commitment_v1_commitment,
  file_ibc_core_connection_v1_connection, file_ibc_core_channel_v1_channel, file_ibc_core_channel_v2_packet,
  file_ibc_applications_transfer_v1_authz, file_ibc_applications_interchain_accounts_v1_packet,
  file_ibc_applications_interchain_accounts_controller_v1_controller, file_ibc_applications_interchain_accounts_host_v1_host,
];

/**
 * Interface implementations chain-maind's registry resolves inside messages, with the amino type
 * x/tx writes for each (amino.name, or "/" + full name). From the modules' RegisterInterfaces
 * (SDK release/v0.50.x x/{gov/types/v1beta1,distribution/types,upgrade/types,authz,bank/types,
 * staking/types,feegrant,evidence/types,group,auth/vesting/types}/codec.go, ibc-go v10.5.1
 * modules/apps/transfer/types/codec.go) and their protos. Not here: ibc-go's legacy
 * ClientUpdateProposal/UpgradeProposal (registered as gov content, but no proto in v10.5.1's
 * proto/) and the light clients' ClientState/ConsensusState/Header/Misbehaviour.
 */
const IMPLEMENTATIONS: Record<string, string> = {
  // gov v1beta1 Content
  "/cosmos.gov.v1beta1.TextProposal": "cosmos-sdk/TextProposal",
  "/cosmos.distribution.v1beta1.CommunityPoolSpendProposal": "/cosmos.distribution.v1beta1.CommunityPoolSpendProposal",
  "/cosmos.upgrade.v1beta1.SoftwareUpgradeProposal": "cosmos-sdk/SoftwareUpgradeProposal",
  "/cosmos.upgrade.v1beta1.CancelSoftwareUpgradeProposal": "cosmos-sdk/CancelSoftwareUpgradeProposal",
  // authz Authorization
  "/cosmos.authz.v1beta1.GenericAuthorization": "cosmos-sdk/GenericAuthorization",
  "/cosmos.bank.v1beta1.SendAuthorization": "cosmos-sdk/SendAuthorization",
  "/cosmos.staking.v1beta1.StakeAuthorization": "cosmos-sdk/StakeAuthorization",
  "/ibc.applications.transfer.v1.TransferAuthorization": "/ibc.applications.transfer.v1.TransferAuthorization",
  // feegrant FeeAllowanceI
  "/cosmos.feegrant.v1beta1.BasicAllowance": "cosmos-sdk/BasicAllowance",
  "/cosmos.feegrant.v1beta1.PeriodicAllowance": "cosmos-sdk/PeriodicAllowance",
  "/cosmos.feegrant.v1beta1.AllowedMsgAllowance": "cosmos-sdk/AllowedMsgAllowance",
  // evidence Evidence, group DecisionPolicy
  "/cosmos.evidence.v1beta1.Equivocation": "cosmos-sdk/Equivocation",
  "/cosmos.group.v1.ThresholdDecisionPolicy": "cosmos-sdk/ThresholdDecisionPolicy",
  "/cosmos.group.v1.PercentageDecisionPolicy": "cosmos-sdk/PercentageDecisionPolicy",
  // auth AccountI (vesting accounts)
  "/cosmos.vesting.v1beta1.BaseVestingAccount": "cosmos-sdk/BaseVestingAccount",
  "/cosmos.vesting.v1beta1.ContinuousVestingAccount": "cosmos-sdk/ContinuousVestingAccount",
  "/cosmos.vesting.v1beta1.DelayedVestingAccount": "cosmos-sdk/DelayedVestingAccount",
  "/cosmos.vesting.v1beta1.PeriodicVestingAccount": "cosmos-sdk/PeriodicVestingAccount",
  "/cosmos.vesting.v1beta1.PermanentLockedAccount": "cosmos-sdk/PermanentLockedAccount",
};

const byUrl = new Map<string, DescMessage>();
for (const f of FILES) for (const d of f.messages) byUrl.set(`/${d.typeName}`, d);

test("each interface implementation has the chain's amino name", () => {
  const wrong = Object.entries(IMPLEMENTATIONS)
    .filter(([url, amino]) => byUrl.get(url) === undefined || aminoTypeName(byUrl.get(url)!) !== amino)
    .map(([url, amino]) => `${url}: ${byUrl.get(url) ? aminoTypeName(byUrl.get(url)!) : "missing"} ≠ ${amino}`);
  assert.equal(wrong, []);
});

test("every message of these files encodes to cosmjs-types' bytes for the same content", async () => {
  const diffs: string[] = [];
  let compared = 0;
  for (const file of FILES) {
    const mod = (await import(`cosmjs-types/${file.proto.name.replace(/\.proto$/, "")}`)) as Record<string, CosmjsType>;
    for (const desc of file.messages) {
      const theirs = mod[desc.name];
      if (theirs === undefined) {
        diffs.push(`${desc.typeName}: not in cosmjs-types`);
        continue;
      }
      compared++;
      const diff = compareWithCosmjs(desc, theirs);
      if (diff !== undefined) diffs.push(diff);
    }
  }
  assert.equal(diffs, []);
  assert.ok(compared > 40, `compared ${compared}`);
});

test.run();
