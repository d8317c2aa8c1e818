// x/slashing from CometBFT's commit info, in process: blocks made through Application.finalizeBlock
// (the ABCI server's path) with the votes and evidence CometBFT would pass. A validator that stops
// signing is slashed and jailed once the window has passed; a tier position on it shows the bonus
// pause (the validator's slash and unbond events wait for it); MsgUnjail is refused while the jail
// lasts (slashing 4) and accepted after; a double signer is slashed 5 %, tombstoned and can never
// unjail. The database replays to the same hashes (the commit info is stored with each block).

import { test } from "uvu";
import * as assert from "uvu/assert";
import type { EncodeObject } from "@cosmjs/proto-signing";
import { loadCore } from "../../host/core/core.js";
import { Application } from "../../host/app/application.js";
import { defaultGenesisJson, devAddress, mergeJson, operatorOf, type Json } from "../../host/app/genesis.js";
import { protoSigner } from "../helpers/cosmjs.js";
import { nodeHarness, wasm } from "../helpers/node.js";

const nodes = await nodeHarness({ prefix: "abci-slashing-" });
test.after(() => nodes.remove());

const S = 1_000_000_000n;
const CRO = 100_000_000n;

test("downtime and double signing from CometBFT's commit info: slash, jail, bonus pause, unjail rules, replay", async () => {
  const genesis = mergeJson(defaultGenesisJson() as unknown as Json, {
    app_state: { slashing: { params: { signed_blocks_window: "10", min_signed_per_window: "0.5", downtime_jail_duration: "60s" } } },
  } as Json);
  const node = await nodes.open({ genesis });
  const chain = node.chain;
  let height = chain.latestBlock().height;
  let timeNs = chain.latestBlock().timeNs;
  const keyOf = (i: number) => chain.app.validators.key(i)!.address;
  /** One block 5 s after the last: every bonded validator votes but those in `absent`; `txs` in order. */
  const block = (o: { absent?: number[]; txs?: Uint8Array[]; doubleSigns?: { validator: number; height: bigint }[] } = {}) => {
    height += 1n;
    timeNs += 5n * S;
    const absent = new Set((o.absent ?? []).map(keyOf));
    const votes = chain.consensusValidators().map((v) => {
      const address = Buffer.from(v.address).toString("hex").toUpperCase();
      return { address, power: v.power, signed: !absent.has(address) };
    });
    const doubleSigns = (o.doubleSigns ?? []).map((d) => ({ address: keyOf(d.validator), height: d.height, power: chain.ledger.validator(d.validator)!.lastPower }));
    const txs = (o.txs ?? []).map((tx) => ({ tx }));
    const out = chain.app.finalizeBlock({ height, timeNs, txs, consensus: { votes, doubleSigns } });
    chain.app.commit(); // ABCI: FinalizeBlock, then Commit makes the block durable
    return out;
  };
  const signed = async (n: number, messages: EncodeObject[]) => {
    const signer = await protoSigner(n, "direct");
    const account = chain.directory.account(signer.address)!;
    return signer.sign(messages, { chainId: chain.chainId, accountNumber: account.accountNumber, sequence: account.sequence });
  };
  const unjail = async (n: number) => block({ txs: [await signed(n, [{ typeUrl: "/cosmos.slashing.v1beta1.MsgUnjail", value: { validatorAddr: operatorOf(devAddress(n)) } }])] }).results[0]!;
  const validator = async (i: number) => (await node.get(`/cosmos/staking/v1beta1/validators/${operatorOf(devAddress(i + 1))}`)).json.validator;

  // A tier position on validator 3 (operator dev key 4).
  const val3 = operatorOf(devAddress(4));
  const lock = block({ txs: [await signed(5, [{ typeUrl: "/chainmain.tieredrewards.v1.MsgLockTier", value: { owner: devAddress(5), id: 1, amount: `${1_000n * CRO}`, validatorAddress: val3 } }])] });
  assert.is(lock.results[0]!.code, 0, lock.results[0]!.rawLog);

  // Validator 3 stops signing: slashed 1 % and jailed when the window has passed with more than 5 of 10 missed.
  const tokens = (await validator(3)).tokens;
  let slashedAt = 0n;
  for (let i = 0; i < 20 && slashedAt === 0n; i++) {
    const r = block({ absent: [3] });
    if (r.events.some((e) => e.type === "slash")) slashedAt = height;
  }
  assert.ok(slashedAt > 0n, "slashed for downtime");
  const jailed = await validator(3);
  assert.ok(jailed.jailed);
  assert.is(BigInt(jailed.tokens), BigInt(tokens) - BigInt(tokens) / 100n);
  const data = (await node.get(`/chainmain/tieredrewards/v1/validator_data/${val3}`)).json;
  assert.equal(data.events.map((e: any) => e.event_type), ["VALIDATOR_EVENT_TYPE_SLASH", "VALIDATOR_EVENT_TYPE_UNBOND"], "the bonus pause: the position's events wait for it");

  // Jailed for 60 s: unjail refused at once, accepted after.
  const early = await unjail(4);
  assert.is(`${early.codespace}/${early.code}`, "slashing/4", early.rawLog);
  assert.match(early.rawLog, "validator still jailed; cannot be unjailed");
  for (let i = 0; i < 12; i++) block();
  const late = await unjail(4);
  assert.is(late.code, 0, late.rawLog);
  block();
  assert.is((await validator(3)).status, "BOND_STATUS_BONDED");

  // Validator 2 double-signed at the last height: 5 %, tombstoned, jailed for good.
  const before2 = BigInt((await validator(2)).tokens);
  const evidence = block({ doubleSigns: [{ validator: 2, height: height }] });
  const slash = evidence.events.find((e) => e.type === "slash")!;
  assert.is(slash.attributes.find((a) => a.key === "reason")!.value, "double_sign");
  const v2 = await validator(2);
  assert.ok(v2.jailed);
  assert.is(BigInt(v2.tokens), before2 - before2 / 20n);
  const info = chain.app.slashing.info(keyOf(2))!;
  assert.ok(info.tombstoned);
  // The same evidence again (CometBFT may pass it once more): nothing more.
  const again = block({ doubleSigns: [{ validator: 2, height: height - 1n }] });
  assert.not.ok(again.events.some((e) => e.type === "slash"));
  timeNs += 400n * 24n * 3600n * S; // past any downtime jail
  const never = await unjail(3);
  assert.is(`${never.codespace}/${never.code}`, "slashing/4", never.rawLog);

  const last = chain.latestBlock();
  chain.close();
  assert.equal(Application.replay(await loadCore(wasm), node.dbPath), last, "the database replays to the same hashes");
});

test.run();
