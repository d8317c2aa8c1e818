// The hostile classes of who a tx claims to be (test/hostile/classes.ts): bad bech32 addresses in
// messages and paths, forged and replayed signatures, wrong chain ids, account numbers and
// sequences, and messages of other owners (positions, delegations, governance) signed by the
// attacker.

import type { AminoMsg } from "@cosmjs/amino";
import { base64 } from "@scure/base";
import { sendMsg } from "../helpers/dev-signer.js";
import { ATTACKER, VICTIMS, addr, attackerSend, clone, get, post, postJson, sign, type HostileClass } from "./context.js";
import { ACCOUNT_ROUTES, VALIDATOR_ROUTES, badBech32 } from "./values.js";

export const badBech32Class: HostileClass = {
  name: "bad-bech32",
  full: 800,
  quick: 30,
  async make(rng, ctx) {
    const v = rng.pick(ctx.validators);
    if (rng.chance(0.35)) {
      // in a GET path
      if (rng.chance(0.6)) {
        const { text, how } = badBech32(rng, addr(rng.pick([...VICTIMS, ATTACKER])));
        return get(rng.pick(ACCOUNT_ROUTES).replace("{}", encodeURIComponent(text)), `account ${how}`);
      }
      const { text, how } = badBech32(rng, v);
      return get(rng.pick(VALIDATOR_ROUTES).replace("{}", encodeURIComponent(text)), `validator ${how}`);
    }
    const a = addr(ATTACKER);
    const bad = (valid: string) => badBech32(rng, valid);
    const coin = { denom: "basecro", amount: "1000" };
    const variants: (() => { msg: AminoMsg; how: string })[] = [
      () => { const b = bad(addr(7)); return { msg: { type: "cosmos-sdk/MsgSend", value: { from_address: a, to_address: b.text, amount: [coin] } }, how: `MsgSend.to_address ${b.how}` }; },
      () => { const b = bad(a); return { msg: { type: "cosmos-sdk/MsgSend", value: { from_address: b.text, to_address: addr(7), amount: [coin] } }, how: `MsgSend.from_address ${b.how}` }; },
      () => { const b = bad(v); return { msg: { type: "cosmos-sdk/MsgDelegate", value: { delegator_address: a, validator_address: b.text, amount: coin } }, how: `MsgDelegate.validator_address ${b.how}` }; },
      () => { const b = bad(a); return { msg: { type: "cosmos-sdk/MsgDelegate", value: { delegator_address: b.text, validator_address: v, amount: coin } }, how: `MsgDelegate.delegator_address ${b.how}` }; },
      () => { const b = bad(v); return { msg: { type: "chainmain/MsgLockTier", value: { owner: a, id: 1, amount: "10000000000", validator_address: b.text } }, how: `MsgLockTier.validator_address ${b.how}` }; },
      () => { const b = bad(a); return { msg: { type: "chainmain/MsgLockTier", value: { owner: b.text, id: 1, amount: "10000000000", validator_address: v } }, how: `MsgLockTier.owner ${b.how}` }; },
      () => { const b = bad(v); return { msg: { type: "chainmain/MsgTierRedelegate", value: { owner: a, position_id: "0", dst_validator: b.text } }, how: `MsgTierRedelegate.dst_validator ${b.how}` }; },
      () => { const b = bad(v); return { msg: { type: "cosmos-sdk/MsgBeginRedelegate", value: { delegator_address: a, validator_src_address: v, validator_dst_address: b.text, amount: coin } }, how: `MsgBeginRedelegate.validator_dst_address ${b.how}` }; },
      () => { const b = bad(v); return { msg: { type: "cosmos-sdk/MsgUnjail", value: { validator_addr: b.text } }, how: `MsgUnjail.validator_addr ${b.how}` }; },
    ];
    const { msg, how } = rng.pick(variants)();
    return postJson(rng, await sign(ctx, ATTACKER, [msg]), how);
  },
};

/** secp256k1's group order. */
const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

export const forgedSignatures: HostileClass = {
  name: "forged-signatures",
  full: 800,
  quick: 30,
  async make(rng, ctx) {
    const signed = await sign(ctx, ATTACKER, [attackerSend()], { memo: `forged ${rng.u32()}` });
    const doc = clone(signed);
    const sig = base64.decode(doc.tx.signatures[0].signature);
    let how: string;
    switch (rng.int(12)) {
      case 0:
        doc.tx.signatures[0].signature = base64.encode(rng.bytes(64));
        how = "random 64 bytes";
        break;
      case 1: {
        const b = sig.slice();
        const i = rng.int(64);
        b[i]! ^= 1 << rng.int(8);
        doc.tx.signatures[0].signature = base64.encode(b);
        how = "one bit flipped";
        break;
      }
      case 2: {
        const s = BigInt(`0x${Buffer.from(sig.subarray(32)).toString("hex")}`);
        const high = Buffer.from((SECP256K1_N - s).toString(16).padStart(64, "0"), "hex");
        doc.tx.signatures[0].signature = base64.encode(new Uint8Array(Buffer.concat([sig.subarray(0, 32), high])));
        how = "high-S twin";
        break;
      }
      case 3:
        doc.tx.signatures[0].signature = base64.encode(rng.pick([new Uint8Array(64), new Uint8Array(64).fill(0xff), new Uint8Array(0), rng.bytes(63), rng.bytes(65), rng.bytes(72), rng.bytes(1000)]));
        how = "zero, all-ones or wrong length";
        break;
      case 4: {
        // the victim's key over the attacker's tx
        const other = await sign(ctx, rng.pick(VICTIMS), [attackerSend()], { memo: doc.tx.memo });
        doc.tx.signatures[0] = other.tx.signatures[0];
        how = "a victim's signature and key";
        break;
      }
      case 5: {
        doc.tx.signatures[0].pub_key.value = ctx.pubKeys.get(rng.pick(VICTIMS))!;
        how = "a victim's key, the attacker's signature";
        break;
      }
      case 6: {
        const other = await sign(ctx, ATTACKER, [sendMsg(addr(ATTACKER), addr(6), 2n)], { memo: doc.tx.memo });
        doc.tx.signatures[0].signature = other.tx.signatures[0].signature;
        how = "the attacker's signature of another tx";
        break;
      }
      case 7:
        doc.tx.signatures[0].pub_key = rng.pick([
          { type: "tendermint/PubKeyEd25519", value: base64.encode(rng.bytes(32)) },
          { type: "tendermint/PubKeySecp256k1", value: base64.encode(rng.bytes(33)) },
          { type: "tendermint/PubKeySecp256k1", value: base64.encode(rng.bytes(65)) },
          { type: "tendermint/PubKeyMultisigThreshold", value: { threshold: "1", pubkeys: [] } },
          { type: "tendermint/PubKeySecp256k1", value: "" },
        ]);
        how = "another key type or a random key";
        break;
      case 8: {
        const n = rng.range(2, 60);
        doc.tx.signatures = Array(n).fill(doc.tx.signatures[0]);
        how = `${n} signatures`;
        break;
      }
      case 9:
        doc.tx.signatures = [];
        how = "no signatures";
        break;
      case 10:
        doc.tx.signatures[0].signature = rng.pick([
          doc.tx.signatures[0].signature.replace(/=+$/, ""), `${doc.tx.signatures[0].signature} `, doc.tx.signatures[0].signature.replace(/\+/g, "-").replace(/\//g, "_") + "==",
          Buffer.from(sig).toString("hex"), "!!!!", `${doc.tx.signatures[0].signature}AA==`,
        ]);
        how = "not the signature's base64";
        if (doc.tx.signatures[0].signature === signed.tx.signatures[0].signature) doc.tx.signatures[0].signature = "AAAA";
        break;
      default: {
        const b = new Uint8Array(64);
        b.set(sig.subarray(0, 32), rng.chance(0.5) ? 0 : 32);
        doc.tx.signatures[0].signature = base64.encode(b);
        how = "r or s zero";
        break;
      }
    }
    return postJson(rng, doc, how);
  },
};

export const replayedSignatures: HostileClass = {
  name: "replayed-signatures",
  full: 700,
  quick: 25,
  async make(rng, ctx) {
    const body = clone(rng.pick(ctx.committed)) as { tx: any; mode: string };
    switch (rng.int(6)) {
      case 0:
        return postJson(rng, body, "as committed");
      case 1:
        return postJson(rng, { ...body, mode: rng.pick(["sync", "async", "block"]) }, "another mode");
      case 2:
        return post(rng, JSON.stringify(body, null, rng.range(1, 8)), "reformatted");
      case 3:
        return postJson(rng, { tx: { type: "cosmos-sdk/StdTx", value: body.tx }, mode: body.mode }, "typed amino form");
      case 4:
        return postJson(rng, body.tx, "bare StdTx");
      default: {
        const tx = body.tx;
        const shuffled = Object.fromEntries(Object.entries(tx).reverse());
        return postJson(rng, { mode: "block", tx: shuffled }, "keys reordered, mode block");
      }
    }
  },
};

export const wrongChainId: HostileClass = {
  name: "wrong-chain-id",
  full: 700,
  quick: 25,
  async make(rng, ctx) {
    const acct = ctx.node.chain.directory.account(addr(ATTACKER))!;
    const ids = [
      "", " ", "chainmain-local ", " chainmain-local", "CHAINMAIN-LOCAL", "chainmain-locaI", "chainmain-1", "crypto-org-chain-mainnet-1",
      "cosmoshub-4", "chainmain-local\u0000", "chainmain‐local", "testnet-croeseid-4", "x".repeat(600), "😀", "\uD800",
    ];
    switch (rng.int(4)) {
      case 0:
      case 1: {
        let chainId = rng.chance(0.7) ? rng.pick(ids) : `chain-${rng.u32().toString(36)}`;
        if (chainId === ctx.chainId) chainId += "x";
        return postJson(rng, await sign(ctx, ATTACKER, [attackerSend()], { chainId }), `chain id ${JSON.stringify(chainId).slice(0, 30)}`);
      }
      case 2: {
        let accountNumber = rng.pick([0n, 1n, acct.accountNumber + 1n, acct.accountNumber - 1n, BigInt(rng.u32()), (1n << 64n) - 1n]);
        if (accountNumber === acct.accountNumber) accountNumber += 7n;
        return postJson(rng, await sign(ctx, ATTACKER, [attackerSend()], { accountNumber }), `account number ${accountNumber}`);
      }
      default: {
        const sequence = acct.sequence + BigInt(rng.pick([3, 4, 10, 1000, 2 ** 31])) ;
        return postJson(rng, await sign(ctx, ATTACKER, [attackerSend()], { sequence }), `sequence +${sequence - acct.sequence}`);
      }
    }
  },
};

export const otherOwners: HostileClass = {
  name: "other-owners",
  full: 700,
  quick: 25,
  async make(rng, ctx) {
    const pos = rng.pick(ctx.positions);
    const owner = addr(pos.owner);
    const id = `${pos.id}`;
    const victim = addr(rng.pick(VICTIMS));
    const v = rng.pick(ctx.validators);
    const tier = { id: 9, exit_duration: "1s", bonus_apy: "1.000000000000000000", min_lock_amount: "1", close_only: false };
    const msgs: AminoMsg[] = [
      { type: "chainmain/MsgTriggerExitFromTier", value: { owner, position_id: id } },
      { type: "chainmain/MsgClearPosition", value: { owner, position_id: id } },
      { type: "chainmain/MsgTierUndelegate", value: { owner, position_id: id } },
      { type: "chainmain/MsgWithdrawFromTier", value: { owner, position_id: id } },
      { type: "chainmain/MsgAddToTierPosition", value: { owner, position_id: id, amount: "1000" } },
      { type: "chainmain/MsgExitTierWithDelegation", value: { owner, position_id: id, amount: "1000" } },
      { type: "chainmain/MsgTierRedelegate", value: { owner, position_id: id, dst_validator: v } },
      { type: "chainmain/MsgClaimTierRewards", value: { owner, position_ids: [id] } },
      { type: "cosmos-sdk/MsgUndelegate", value: { delegator_address: victim, validator_address: v, amount: { denom: "basecro", amount: "1" } } },
      { type: "cosmos-sdk/MsgWithdrawDelegationReward", value: { delegator_address: victim, validator_address: v } },
      { type: "cosmos-sdk/MsgSend", value: { from_address: victim, to_address: addr(ATTACKER), amount: [{ denom: "basecro", amount: "1000000" }] } },
      { type: "chainmain/MsgCommitDelegationToTier", value: { delegator_address: victim, validator_address: v, amount: "10000000000", id: 1 } },
      { type: "cosmos-sdk/MsgUnjail", value: { validator_addr: v } },
      { type: "cosmos-sdk/MsgWithdrawValCommission", value: { validator_address: v } },
    ];
    const gov: AminoMsg[] = [
      { type: "chainmain/MsgAddTier", value: { authority: addr(ATTACKER), tier } },
      { type: "chainmain/MsgUpdateTier", value: { authority: addr(ATTACKER), tier: { ...tier, id: 1 } } },
      { type: "chainmain/MsgDeleteTier", value: { authority: addr(ATTACKER), id: 1 } },
      { type: "chainmain/tieredrewards/MsgUpdateParams", value: { authority: addr(ATTACKER), params: { target_base_rewards_rate: "1.000000000000000000" } } },
      { type: "chainmain-dev/MsgSlashValidator", value: { authority: addr(ATTACKER), validator_address: v, slash_fraction: "1.000000000000000000" } },
    ];
    switch (rng.int(5)) {
      case 0:
      case 1: {
        const m = rng.pick(msgs);
        return postJson(rng, await sign(ctx, ATTACKER, [m]), `${m.type} of another owner, the attacker's key`);
      }
      case 2: {
        const m = rng.pick(msgs);
        const doc = clone(await sign(ctx, ATTACKER, [m]));
        const victimKey = m.type.includes("Unjail") || m.type.includes("Commission") ? 1 : pos.owner;
        doc.tx.signatures[0].pub_key.value = ctx.pubKeys.get(victimKey)!;
        return postJson(rng, doc, `${m.type}, the owner's key beside the attacker's signature`);
      }
      case 3: {
        const m = rng.pick(gov);
        const real = rng.chance(0.5);
        // as the attacker (not the authority), or naming the real authority (dev key 0) and signed by the attacker
        if (real) (m.value as Record<string, unknown>).authority = addr(0);
        return postJson(rng, await sign(ctx, ATTACKER, [m]), `${m.type} ${real ? "naming the authority" : "as the attacker"}`);
      }
      default: {
        const both = [attackerSend(), rng.pick(msgs)];
        if (rng.chance(0.5)) both.reverse();
        return postJson(rng, await sign(ctx, ATTACKER, both), "the attacker's message beside another owner's");
      }
    }
  },
};
