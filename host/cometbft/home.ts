// A CometBFT v0.38 home for the node as its application: `cometbft init`, then the genesis made
// from the node's genesis document (its chain id, time and app state; its validators with the
// ed25519 consensus keys the node derives, consensus-key.ts) and this validator's private key, and
// config.toml pointed at the node's ABCI address with the given ports and block interval.

import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { base64 } from "@scure/base";
import { ed25519 } from "@noble/curves/ed25519.js";
import { consensusAddressOf, consensusKey } from "../modules/staking/consensus-key.js";
import type { Json } from "../app/genesis.js";
import type { Core } from "../core/core.js";
import { NodeChain } from "../drivers/embedded.js";

/** A validator as CometBFT's genesis lists it: operator, consensus power and ed25519 public key. */
export interface CometValidator {
  operator: string;
  power: bigint;
  pub: Uint8Array;
}

/** A genesis's bonded validators as CometBFT's genesis lists them (`core`: a fresh one, used up). */
export function genesisValidators(core: Core, genesis: Json): CometValidator[] {
  const chain = NodeChain.inMemory(core, genesis, 1_000_000_000n);
  const chainId = (genesis as { chain_id: string }).chain_id;
  return chain.directory.validatorIds()
    .map((id) => {
      const operator = chain.directory.validatorAddress(id)!;
      return { operator, power: chain.ledger.validator(id)!.lastPower, pub: chain.app.validators.key(id)?.pub ?? consensusKey(chainId, operator).pub };
    })
    .filter((v) => v.power > 0n);
}

/** CometBFT as the reference pins it (WIRE.md: cometbft v0.38.22), installed by scripts/cometbft.ts into .tools/bin. */
export const COMETBFT_VERSION = "v0.38.22";
export const COMETBFT = fileURLToPath(new URL("../../.tools/bin/cometbft", import.meta.url));

/** CometBFT's p2p flush_throttle_timeout and consensus peer_gossip_sleep_duration for every home (defaults 100ms, 100ms). */
export const P2P_FLUSH_THROTTLE = "10ms";
export const PEER_GOSSIP_SLEEP = "25ms";

export interface HomeOptions {
  /** The node's genesis document (what it is started with: `--genesis FILE`). */
  genesis: Json;
  /** This home's validator: its operator address (its consensus key is derived from it unless `seed` is given). */
  operator: string;
  /** This home's ed25519 private key (32-byte seed) instead of the derived one: a validator made by MsgCreateValidator, or a node with another's key. */
  seed?: Uint8Array;
  /** CometBFT's mempool.broadcast (default true): false keeps this node's txs out of its peers' mempools. */
  mempoolBroadcast?: boolean;
  /** Every validator of the genesis, with its consensus power and key. */
  validators: CometValidator[];
  abci: string;
  rpcPort: number;
  p2pPort: number;
  /** The address CometBFT's RPC and P2P listen on (default 127.0.0.1; 0.0.0.0 for every interface). */
  listen?: string;
  /** The address peers are told to dial (CometBFT's external_address, `host:port`); default none. */
  externalAddress?: string;
  /** CometBFT's timeout_commit (e.g. "200ms", "1s"). */
  blockInterval: string;
  /** Other nodes: `id@host:port`. */
  peers?: string[];
  /** CometBFT's Prometheus metrics on this port (instrumentation.prometheus; the network bench reads them). */
  prometheusPort?: number;
  /** Go's pprof endpoints on this port (rpc.pprof_laddr; the network bench's BENCH_NETWORK_COMET_PROF reads a CPU profile there). */
  pprofPort?: number;
  /**
   * More config.toml values, set last: `section.key` (or a top-level `key`) → its TOML value as written
   * (`"null"` with its quotes for a string, `false` for a boolean); a key the file lacks is refused.
   */
  config?: Record<string, string>;
}

/** Make (or remake) the home; returns this node's p2p id. */
export async function writeCometHome(home: string, o: HomeOptions): Promise<string> {
  if (!existsSync(COMETBFT)) throw new Error(`${COMETBFT} not found: run \`npm run cometbft\` (go install of cometbft ${COMETBFT_VERSION})`);
  const init = spawnSync(COMETBFT, ["init", "--home", home], { encoding: "utf8" });
  if (init.status !== 0) throw new Error(`cometbft init: ${init.stderr}`);
  const doc = o.genesis as { chain_id: string; genesis_time: string; initial_height?: number | string; app_state: Json };
  const chainId = doc.chain_id;
  const key = (operator: string) => consensusKey(chainId, operator);
  const genesis = {
    genesis_time: doc.genesis_time,
    chain_id: chainId,
    initial_height: `${doc.initial_height ?? 1}`,
    consensus_params: {
      block: { max_bytes: "22020096", max_gas: "-1" },
      evidence: { max_age_num_blocks: "100000", max_age_duration: "172800000000000", max_bytes: "1048576" },
      validator: { pub_key_types: ["ed25519"] },
      version: { app: "0" },
      abci: { vote_extensions_enable_height: "0" },
    },
    validators: o.validators.map((v) => ({
      address: consensusAddressOf(v.pub), pub_key: { type: "tendermint/PubKeyEd25519", value: base64.encode(v.pub) }, power: `${v.power}`, name: v.operator,
    })),
    app_hash: "",
    app_state: doc.app_state,
  };
  await writeFile(join(home, "config", "genesis.json"), JSON.stringify(genesis, null, 2));
  const me = o.seed === undefined ? key(o.operator) : { seed: o.seed, pub: ed25519.getPublicKey(o.seed) };
  await writeFile(join(home, "config", "priv_validator_key.json"), JSON.stringify({
    address: consensusAddressOf(me.pub), pub_key: { type: "tendermint/PubKeyEd25519", value: base64.encode(me.pub) },
    priv_key: { type: "tendermint/PrivKeyEd25519", value: base64.encode(new Uint8Array([...me.seed, ...me.pub])) },
  }, null, 2));
  const set = (text: string, section: string | null, k: string, v: string) => {
    // The key's first line after its [section] header (or at the top), replaced.
    const lines = text.split("\n");
    let inSection = section === null;
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      if (/^\[.*\]$/.test(line)) inSection = line === `[${section}]`;
      if (inSection && line.startsWith(`${k} = `)) {
        lines[i] = `${k} = ${v}`;
        return lines.join("\n");
      }
    }
    throw new Error(`config.toml: no ${section ?? "top-level"} ${k}`);
  };
  let toml = await readFile(join(home, "config", "config.toml"), "utf8");
  toml = set(toml, null, "proxy_app", JSON.stringify(o.abci));
  toml = set(toml, null, "moniker", JSON.stringify(o.operator.slice(-8)));
  const listen = o.listen ?? "127.0.0.1";
  toml = set(toml, "rpc", "laddr", JSON.stringify(`tcp://${listen}:${o.rpcPort}`));
  toml = set(toml, "p2p", "laddr", JSON.stringify(`tcp://${listen}:${o.p2pPort}`));
  if (o.externalAddress !== undefined) toml = set(toml, "p2p", "external_address", JSON.stringify(o.externalAddress));
  toml = set(toml, "p2p", "addr_book_strict", "false");
  toml = set(toml, "p2p", "allow_duplicate_ip", "true");
  toml = set(toml, "p2p", "persistent_peers", JSON.stringify((o.peers ?? []).join(",")));
  toml = set(toml, "consensus", "timeout_commit", JSON.stringify(o.blockInterval));
  // Consensus messages (proposal, block parts, votes) cross a hop sooner: by default a peer
  // connection batches for up to 100 ms before it writes and the gossip routines sleep 100 ms when
  // they find nothing to send, so a block's propose, prevote and precommit steps each waited up to
  // 200 ms a hop (docs/performance.md, "The 4-validator network's time"). The gossip sleep is kept
  // at 25 ms: each wake-up costs CPU (per node, two routines per peer), which 2 cores lack.
  toml = set(toml, "p2p", "flush_throttle_timeout", JSON.stringify(P2P_FLUSH_THROTTLE));
  toml = set(toml, "consensus", "peer_gossip_sleep_duration", JSON.stringify(PEER_GOSSIP_SLEEP));
  if (o.mempoolBroadcast === false) toml = set(toml, "mempool", "broadcast", "false");
  if (o.prometheusPort !== undefined) {
    toml = set(toml, "instrumentation", "prometheus", "true");
    toml = set(toml, "instrumentation", "prometheus_listen_addr", JSON.stringify(`${listen}:${o.prometheusPort}`));
  }
  if (o.pprofPort !== undefined) toml = set(toml, "rpc", "pprof_laddr", JSON.stringify(`${listen}:${o.pprofPort}`));
  for (const [name, value] of Object.entries(o.config ?? {})) {
    const dot = name.lastIndexOf(".");
    toml = set(toml, dot < 0 ? null : name.slice(0, dot), name.slice(dot + 1), value);
  }
  await writeFile(join(home, "config", "config.toml"), toml);
  const id = spawnSync(COMETBFT, ["show-node-id", "--home", home], { encoding: "utf8" });
  if (id.status !== 0) throw new Error(`cometbft show-node-id: ${id.stderr}`);
  return id.stdout.trim();
}
