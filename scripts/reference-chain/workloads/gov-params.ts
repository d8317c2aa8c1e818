// Workload "gov-params": each module's MsgUpdateParams (bank, staking, distribution, slashing, mint, gov,
// auth, consensus), bank MsgSetSendEnabled and distribution MsgCommunityPoolSpend, each in a gov v1 proposal
// (deposit 10,000 CRO; one expedited) that validator 1's owner votes through; a proposal whose message fails
// when executed (a community pool spend above the pool); proposals refused at submit. The params after.

import type { EncodeObject } from "@cosmjs/proto-signing";
import { toUtf8 } from "@cosmjs/encoding";
import * as bank from "cosmjs-types/cosmos/bank/v1beta1/tx";
import * as staking from "cosmjs-types/cosmos/staking/v1beta1/tx";
import * as distr from "cosmjs-types/cosmos/distribution/v1beta1/tx";
import * as slashing from "cosmjs-types/cosmos/slashing/v1beta1/tx";
import * as mint from "cosmjs-types/cosmos/mint/v1beta1/tx";
import * as auth from "cosmjs-types/cosmos/auth/v1beta1/tx";
import * as consensus from "cosmjs-types/cosmos/consensus/v1/tx";
import * as gov from "cosmjs-types/cosmos/gov/v1/tx";
import { registry } from "../lib/msgs.js";
import { CRO, GOV, awaitProposals, coin, msg, pid, proposalV1, voteV1, type Ctx } from "./common.js";

export const NAME = "gov-params";

/** A LegacyDec's protobuf text: the value × 10^18 as an integer ("0.03" → "30000000000000000"). */
const dec = (s: string): string => {
  const [i, f = ""] = s.split(".");
  return BigInt(`${i}${f.padEnd(18, "0").slice(0, 18)}`).toString();
};
const secs = (n: bigint) => ({ seconds: n, nanos: 0 });

/** The genesis params (genesis.json) with one field changed each. */
function updates(authority: string, recipient: string): [string, EncodeObject][] {
  return [
    ["bank MsgUpdateParams (default_send_enabled true, unchanged)", msg("/cosmos.bank.v1beta1.MsgUpdateParams", bank.MsgUpdateParams.fromPartial({
      authority, params: { sendEnabled: [], defaultSendEnabled: true },
    }))],
    ["bank MsgSetSendEnabled (denom stake disabled)", msg("/cosmos.bank.v1beta1.MsgSetSendEnabled", bank.MsgSetSendEnabled.fromPartial({
      authority, sendEnabled: [{ denom: "stake", enabled: false }], useDefaultFor: [],
    }))],
    ["staking MsgUpdateParams (max_entries 7 → 8)", msg("/cosmos.staking.v1beta1.MsgUpdateParams", staking.MsgUpdateParams.fromPartial({
      authority, params: { unbondingTime: secs(120n), maxValidators: 100, maxEntries: 8, historicalEntries: 10000, bondDenom: "basecro", minCommissionRate: dec("0") },
    }))],
    ["distribution MsgUpdateParams (community_tax 0.02 → 0.03)", msg("/cosmos.distribution.v1beta1.MsgUpdateParams", distr.MsgUpdateParams.fromPartial({
      authority, params: { communityTax: dec("0.03"), baseProposerReward: dec("0"), bonusProposerReward: dec("0"), withdrawAddrEnabled: true },
    }))],
    ["slashing MsgUpdateParams (signed_blocks_window 10000 → 20000)", msg("/cosmos.slashing.v1beta1.MsgUpdateParams", slashing.MsgUpdateParams.fromPartial({
      authority, params: {
        signedBlocksWindow: 20000n, minSignedPerWindow: toUtf8(dec("0.5")), downtimeJailDuration: secs(600n),
        slashFractionDoubleSign: toUtf8(dec("0.05")), slashFractionDowntime: toUtf8(dec("0.01")),
      },
    }))],
    ["mint MsgUpdateParams (goal_bonded 0.67 → 0.68)", msg("/cosmos.mint.v1beta1.MsgUpdateParams", mint.MsgUpdateParams.fromPartial({
      authority, params: { mintDenom: "basecro", inflationRateChange: dec("0"), inflationMax: dec("0.01"), inflationMin: dec("0.01"), goalBonded: dec("0.68"), blocksPerYear: 6311520n },
    }))],
    ["gov MsgUpdateParams (quorum 0.334 → 0.335)", msg("/cosmos.gov.v1.MsgUpdateParams", gov.MsgUpdateParams.fromPartial({
      authority, params: {
        minDeposit: [coin(10_000n * CRO)], maxDepositPeriod: secs(60n), votingPeriod: secs(30n),
        quorum: "0.335000000000000000", threshold: "0.500000000000000000", vetoThreshold: "0.334000000000000000",
        minInitialDepositRatio: "0.000000000000000000", proposalCancelRatio: "0.500000000000000000", proposalCancelDest: "",
        expeditedVotingPeriod: secs(15n), expeditedThreshold: "0.667000000000000000", expeditedMinDeposit: [coin(50_000n * CRO)],
        burnVoteQuorum: false, burnProposalDepositPrevote: false, burnVoteVeto: true, minDepositRatio: "0.010000000000000000",
      },
    }))],
    ["auth MsgUpdateParams (max_memo_characters 256 → 512)", msg("/cosmos.auth.v1beta1.MsgUpdateParams", auth.MsgUpdateParams.fromPartial({
      authority, params: { maxMemoCharacters: 512n, txSigLimit: 7n, txSizeCostPerByte: 10n, sigVerifyCostEd25519: 590n, sigVerifyCostSecp256k1: 1000n },
    }))],
    ["consensus MsgUpdateParams (block max_gas -1 → 100,000,000)", msg("/cosmos.consensus.v1.MsgUpdateParams", consensus.MsgUpdateParams.fromPartial({
      authority,
      block: { maxBytes: 22020096n, maxGas: 100_000_000n },
      evidence: { maxAgeNumBlocks: 100000n, maxAgeDuration: secs(172800n), maxBytes: 1048576n },
      validator: { pubKeyTypes: ["ed25519"] },
      abci: { voteExtensionsEnableHeight: 0n },
    }))],
    ["distribution MsgCommunityPoolSpend (1 CRO to dev8)", msg("/cosmos.distribution.v1beta1.MsgCommunityPoolSpend", distr.MsgCommunityPoolSpend.fromPartial({
      authority, recipient, amount: [coin(CRO)],
    }))],
  ];
}

const PARAMS = [
  "/cosmos/bank/v1beta1/params", "/cosmos/bank/v1beta1/send_enabled?denoms=stake", "/cosmos/staking/v1beta1/params", "/cosmos/distribution/v1beta1/params",
  "/cosmos/slashing/v1beta1/params", "/cosmos/mint/v1beta1/params", "/cosmos/gov/v1/params/voting", "/cosmos/gov/v1/params/tallying",
  "/cosmos/gov/v1/params/deposit", "/cosmos/auth/v1beta1/params", "/cosmos/consensus/v1/params", "/cosmos/distribution/v1beta1/community_pool",
];

export async function run({ r, dev, val1: _val1 }: Ctx): Promise<void> {
  const [d0, d1, , , , d5, , , d8] = dev;
  const reg = registry();
  r.extra.params_before = await Promise.all(PARAMS.map((p) => r.query(p)));
  await r.tx("fund-community-pool 100 CRO (setup: the spend proposal's source)", d5!, [msg("/cosmos.distribution.v1beta1.MsgFundCommunityPool", distr.MsgFundCommunityPool.fromPartial({ depositor: d5!.address, amount: [coin(100n * CRO)] }))]);
  const submit = (messages: EncodeObject[], title: string, deposit = 10_000n * CRO, expedited = false) => msg("/cosmos.gov.v1.MsgSubmitProposal", gov.MsgSubmitProposal.fromPartial({
    messages: messages.map((m) => reg.encodeAsAny(m)), initialDeposit: [coin(deposit)], proposer: d0!.address, metadata: "", title, summary: `${title}: recorded by scripts/reference-chain`, expedited,
  }));
  const ids: bigint[] = [];
  const list = updates(GOV, d8!.address);
  for (const [i, [title, m]] of list.entries()) {
    const expedited = i === 1; // MsgSetSendEnabled goes expedited: 50,000 CRO, 15 s
    const s = await r.tx(`gov-v1 submit ${title}${expedited ? ", expedited" : ""}`, d0!, [submit([m], title, expedited ? 50_000n * CRO : undefined, expedited)], { queries: (x) => [proposalV1(pid(x))] });
    if (s.ok) ids.push(pid(s));
  }
  const failing = await r.tx("gov-v1 submit MsgCommunityPoolSpend 1,000,000 CRO (above the pool: fails when executed)", d0!, [submit([
    msg("/cosmos.distribution.v1beta1.MsgCommunityPoolSpend", distr.MsgCommunityPoolSpend.fromPartial({ authority: GOV, recipient: d8!.address, amount: [coin(1_000_000n * CRO)] })),
  ], "community pool spend above the pool")], { queries: (x) => [proposalV1(pid(x))] });
  if (failing.ok) ids.push(pid(failing));
  await r.tx("INVALID gov-v1 submit MsgUpdateParams whose authority is not x/gov", d0!, [submit([list[3]![1]].map((m) => ({ ...m, value: { ...(m.value as object), authority: d0!.address } })), "wrong authority")]);
  await r.tx("gov-v1 submit expedited with only the regular deposit (10,000 CRO)", d0!, [submit([list[0]![1]], "expedited, deposit too small", 10_000n * CRO, true)]);
  await r.tx("INVALID gov-v1 submit without messages or content", d0!, [submit([], "empty")]);
  for (const id of ids) await r.tx(`gov-v1 vote yes on proposal ${id} (validator 1's owner)`, d1!, [voteV1(d1!.address, id)]);
  r.extra.proposals_after_voting = await awaitProposals(r, ids, 180_000);
  await r.sleep(2_000);
  r.extra.params_after = await Promise.all(PARAMS.map((p) => r.query(p)));
  r.extra.proposals = await r.query("/cosmos/gov/v1/proposals");
}
