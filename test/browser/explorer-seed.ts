// A dev node with state for the explorer suite (and by hand: `node --import tsx test/browser/explorer-seed.ts PORT`):
// a faucet send, a delegation, a tier position, a text proposal with a vote, an undelegation.

import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Config } from "../../host/config.js";
import { loadCoreFromFile } from "../../host/core/node.js";
import { devAddress, operatorOf } from "../../host/app/genesis.js";
import { startNode, type RunningNode } from "../../host/main.js";
import { delegateMsg, devSigner, lockTierMsg, undelegateMsg } from "../helpers/dev-signer.js";

export interface Seeded {
  node: RunningNode;
  dir: string;
  user: string;
  validator: string;
  hashes: Record<string, string>;
}

export const nodeConfig = (dir: string, db: string, o: Partial<Config>): Config => ({
  port: 0, host: "127.0.0.1", chainSegment: "chainmain", blockTimeNs: 5_000_000_000n, clock: "simulated",
  genesisFile: undefined, dbPath: join(dir, db), dev: true, rpcPort: 0, rpcHost: "127.0.0.1", ...o,
});

export async function seededNode(o: Partial<Config> = {}): Promise<Seeded> {
  const dir = await mkdtemp(join(tmpdir(), "explorer-"));
  const node = await startNode(nodeConfig(dir, "dev.db", o), { core: await loadCoreFromFile() });
  const post = async (path: string, body?: unknown) => (await (await fetch(`${node.url}${path}`, { method: "POST", body: body === undefined ? undefined : JSON.stringify(body) })).json()) as any;
  const user = devAddress(5);
  const validator = operatorOf(devAddress(1));
  const signer = await devSigner(5);
  const send = async (msgs: Parameters<typeof signer.sign>[0]): Promise<string> => {
    const acct = node.chain.directory.account(signer.address)!;
    const body = await signer.sign(msgs, { chainId: node.chain.chainId, accountNumber: acct.accountNumber, sequence: acct.sequence });
    const r = await post("/txs", body);
    if (r.tx_response.code !== 0) throw new Error(r.tx_response.raw_log);
    await post("/dev/advance?blocks=1");
    return r.tx_response.txhash;
  };
  const hashes: Record<string, string> = {};
  await post("/dev/advance?blocks=1");
  hashes.faucet = (await post("/dev/faucet", { address: devAddress(7), amount: "250000000basecro" })).txhash;
  hashes.delegate = await send([delegateMsg(user, validator, 3_000_000_000_000n)]);
  hashes.lock = await send([lockTierMsg(user, 2, 50_000n * 10n ** 8n, validator)]);
  const proposal = { type: "cosmos-sdk/v1/MsgSubmitProposal", value: { messages: [], initial_deposit: [{ denom: "basecro", amount: "1000000000000" }], proposer: user, metadata: "ipfs://explorer-text-proposal", title: "A text proposal", summary: "For the explorer" } };
  hashes.proposal = await send([proposal]);
  hashes.vote = await send([{ type: "cosmos-sdk/v1/MsgVote", value: { proposal_id: "1", voter: user, option: 1, metadata: "" } }]);
  hashes.undelegate = await send([undelegateMsg(user, validator, 100_000_000_000n)]);
  return { node, dir, user, validator, hashes };
}

if (process.argv[1]?.endsWith("explorer-seed.ts")) {
  const s = await seededNode({ port: Number(process.argv[2] ?? 26690) });
  process.stdout.write(`${JSON.stringify({ url: s.node.url, rpc: s.node.rpcUrl, user: s.user, validator: s.validator, hashes: s.hashes })}\n`);
}
