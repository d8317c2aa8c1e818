// Blocks a light client can check (host/framework/header.ts): each block's id is CometBFT's hash of
// its header (CometBFT's own test vector for Header.Hash; CosmJS's hashBlock is go-amino's
// encoding, pre-0.34, and does not match CometBFT's), headers chain by last_block_id, the data,
// validators and consensus hashes are CometBFT's, every block carries the previous block's
// precommits signed by the validator set's ed25519 keys, and all of it is the same after a
// restart (stored with the block, not recomputed from today's state).

import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ed25519 } from "@noble/curves/ed25519.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { toHex } from "@cosmjs/encoding";
import { DirectSecp256k1Wallet } from "@cosmjs/proto-signing";
import { GasPrice, SigningStargateClient } from "@cosmjs/stargate";
import { Comet38Client } from "@cosmjs/tendermint-rpc";
import { SimpleValidator } from "cosmjs-types/tendermint/types/validator";
import { HashedParams } from "cosmjs-types/tendermint/types/params";
import { devAddress, devPrivateKey } from "../../host/app/genesis.js";
import { run, type RunningNode } from "../../host/main.js";
import { loadCore } from "../../host/core/core.js";
import { headerHash, voteSignBytes, type HeaderJson } from "../../host/framework/header.js";
import { chainRegistry } from "../helpers/cosmjs.js";
import { wasm } from "../helpers/node.js";

const dir = await mkdtemp(join(tmpdir(), "headers-"));
const db = join(dir, "chain.db");
const quiet = { out: () => {}, err: () => {} };
const core = await loadCore(wasm);
const start = async () => {
  const started = await run(["--port", "0", "--rpc-port", "0", "--clock", "real", "--block-time", "150ms", "--dev", "--db", db], {}, quiet, { core });
  if (typeof started === "number") throw new Error(`node exited ${started}`);
  return started;
};
let node: RunningNode = await start();
test.after(async () => {
  await node.close();
  await rm(dir, { recursive: true, force: true });
});
const waitFor = async (height: bigint) => {
  while (node.chain.latest.height < height) await new Promise((r) => setTimeout(r, 30));
};

/** CometBFT's merkle root, written out for the tests from RFC 6962 (leaf 0x00, inner 0x01). */
const leaf = (b: Uint8Array) => sha256(Uint8Array.from([0, ...b]));
const inner = (l: Uint8Array, r: Uint8Array) => sha256(Uint8Array.from([1, ...l, ...r]));
const hexUp = (b: Uint8Array) => toHex(b).toUpperCase();

// A block with a tx in it.
await waitFor(2n);
const wallet = await DirectSecp256k1Wallet.fromKey(devPrivateKey(5), "cro");
const signer = await SigningStargateClient.connectWithSigner(node.rpcUrl!, wallet, {
  registry: chainRegistry(), gasPrice: GasPrice.fromString("0.025basecro"), broadcastPollIntervalMs: 100,
});
const sent = await signer.sendTokens(devAddress(5), devAddress(6), [{ denom: "basecro", amount: "1" }], "auto");
signer.disconnect();
assert.is(sent.code, 0);
await waitFor(BigInt(sent.height) + 2n);

test("Header.Hash: CometBFT's test vector (types/block_test.go TestHeaderHash)", () => {
  const s = (text: string) => hexUp(sha256(new TextEncoder().encode(text)));
  const zeros = "00".repeat(32);
  const header: HeaderJson = {
    version: { block: "1", app: "2" }, chain_id: "chainId", height: "3", time: "2019-10-13T16:14:44Z",
    last_block_id: { hash: zeros, parts: { total: 6, hash: zeros } },
    last_commit_hash: s("last_commit_hash"), data_hash: s("data_hash"), validators_hash: s("validators_hash"),
    next_validators_hash: s("next_validators_hash"), consensus_hash: s("consensus_hash"), app_hash: s("app_hash"),
    last_results_hash: s("last_results_hash"), evidence_hash: s("evidence_hash"), proposer_address: s("proposer_address").slice(0, 40),
  };
  const timeNs = BigInt(Date.UTC(2019, 9, 13, 16, 14, 44)) * 1_000_000n;
  assert.is(hexUp(headerHash(header, timeNs)), "F740121F553B5418C3EFBD343C2DBFE9E007BB67B0D020A0741374BAB65242A4");
  assert.is.not(hexUp(headerHash({ ...header, height: "4" }, timeNs)), "F740121F553B5418C3EFBD343C2DBFE9E007BB67B0D020A0741374BAB65242A4");
});

/** A block's header as the RPC renders it, and its time in ns (the JSON keeps nanoseconds). */
const rawBlock = async (h: number) => {
  const res = await fetch(`${node.rpcUrl}/block?height=${h}`);
  const { result } = (await res.json()) as { result: { block_id: { hash: string }; block: { header: HeaderJson } } };
  const m = /\.(\d+)Z$/.exec(result.block.header.time);
  const timeNs = BigInt(Date.parse(result.block.header.time.replace(/\.\d+Z$/, "Z"))) * 1_000_000n + BigInt((m?.[1] ?? "").padEnd(9, "0"));
  return { id: result.block_id.hash, header: result.block.header, timeNs };
};

test("every block's id is the hash of its header as served, and headers chain by last_block_id", async () => {
  const comet = await Comet38Client.connect(node.rpcUrl!);
  for (let h = 2; h <= sent.height + 1; h++) {
    const { block, blockId } = await comet.block(h);
    const raw = await rawBlock(h);
    assert.is(hexUp(headerHash(raw.header, raw.timeNs)), raw.id, `block ${h}`);
    assert.is(raw.id, hexUp(blockId.hash));
    const previous = await comet.block(h - 1);
    assert.is(toHex(block.header.lastBlockId!.hash), toHex(previous.blockId.hash), `block ${h}'s last_block_id`);
    assert.is(toHex(block.lastCommit!.blockId.hash), toHex(previous.blockId.hash));
    assert.is(hexUp(block.header.appHash), node.chain.blockTxs(BigInt(h - 1))!.appHash.toUpperCase(), "app hash: the state after the previous block");
  }
  comet.disconnect();
});

test("data, validators, consensus and evidence hashes as CometBFT computes them", async () => {
  const comet = await Comet38Client.connect(node.rpcUrl!);
  const { block } = await comet.block(sent.height);
  assert.is(block.txs.length, 1);
  assert.is(toHex(block.header.dataHash), toHex(leaf(block.txs[0]!)), "one tx: its leaf");
  const empty = await comet.block(sent.height + 1);
  assert.is(hexUp(empty.block.header.dataHash), "E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855");
  assert.is(hexUp(empty.block.header.evidenceHash), "E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855");
  const { validators } = await comet.validators({ height: sent.height });
  assert.is(validators.length, 4);
  const leaves = validators.map((v) => leaf(SimpleValidator.encode({ pubKey: { ed25519: v.pubkey!.data }, votingPower: v.votingPower }).finish()));
  assert.is(toHex(block.header.validatorsHash), toHex(inner(inner(leaves[0]!, leaves[1]!), inner(leaves[2]!, leaves[3]!))));
  assert.is(toHex(block.header.nextValidatorsHash), toHex(block.header.validatorsHash), "no change of the set");
  assert.is(toHex(block.header.consensusHash), toHex(sha256(HashedParams.encode({ blockMaxBytes: 22020096n, blockMaxGas: -1n }).finish())));
  assert.ok(validators.some((v) => toHex(v.address) === toHex(block.header.proposerAddress)), "the proposer is in the set");
  comet.disconnect();
});

test("each block's commit: a precommit by every validator, signed with its consensus key", async () => {
  const comet = await Comet38Client.connect(node.rpcUrl!);
  const h = sent.height;
  const { commit } = await comet.commit(h);
  const { validators } = await comet.validators({ height: h });
  assert.is(commit.signatures.length, validators.length);
  const { blockId, block } = await comet.block(h);
  const timeNs = BigInt(block.header.time.getTime()) * 1_000_000n + BigInt(block.header.time.nanoseconds ?? 0);
  const signBytes = voteSignBytes("chainmain-local", BigInt(h), blockId.hash, timeNs);
  for (const s of commit.signatures) {
    const v = validators.find((x) => toHex(x.address) === toHex(s.validatorAddress!))!;
    assert.ok(v, "a validator of the set");
    assert.is(s.blockIdFlag, 2, "BLOCK_ID_FLAG_COMMIT");
    assert.ok(ed25519.verify(s.signature!, signBytes, v.pubkey!.data), "signature verifies");
  }
  const tampered = voteSignBytes("chainmain-local", BigInt(h) + 1n, blockId.hash, timeNs);
  assert.not.ok(ed25519.verify(commit.signatures[0]!.signature!, tampered, validators[0]!.pubkey!.data));
  const next = await comet.block(h + 1);
  assert.equal(next.block.lastCommit!.signatures.map((s) => toHex(s.signature!)), commit.signatures.map((s) => toHex(s.signature!)));
  comet.disconnect();
});

test("after a restart: the same headers, and the next block links to the last one", async () => {
  let comet = await Comet38Client.connect(node.rpcUrl!);
  const before = await comet.block(sent.height);
  comet.disconnect();
  await node.close();
  node = await start();
  const top = node.chain.latest.height;
  await waitFor(top + 2n);
  comet = await Comet38Client.connect(node.rpcUrl!);
  const after = await comet.block(sent.height);
  assert.is(toHex(after.blockId.hash), toHex(before.blockId.hash));
  const resumed = await comet.block(Number(top) + 1);
  assert.is(toHex(resumed.block.header.lastBlockId!.hash), toHex((await comet.block(Number(top))).blockId.hash));
  const raw = await rawBlock(Number(top) + 1);
  assert.is(hexUp(headerHash(raw.header, raw.timeNs)), hexUp(resumed.blockId.hash));
  assert.is(resumed.block.lastCommit!.signatures.length, 4, "the last block's precommits carried across the restart");
  comet.disconnect();
});

test.run();
