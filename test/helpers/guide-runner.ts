// The guides' command blocks (docs/*.md), run as written (docs/architecture.md, "Guides: every
// command run by a test"). A fenced block in sh/bash/ts/js carries a mark after its language:
//   run                    run by test/docs/guides.test.ts against a fresh dev node
//   run-by=<test file>     run as written by that suite (which reads the guide)
//   norun: <reason>        not run, for the reason given (long-running, a network, a fragment)
// A runner executes blocks in an app's temporary project (the repo installed by path, as a dApp
// installs it) against nodes started in this process. The one change made to a block: the ports
// written in it (1317 REST, 26657 RPC, or another pair an `npm start -- --port P --rpc-port R` line
// names) become the started nodes' free ports. An sh block runs as one bash script (`set -eo
// pipefail`) whose `curl` fails on a gateway error body ({"code": N≠0, …}) and whose `npm` runs in
// the repo; its `npm start -- …` lines start a node instead (in process, as `npm start` would).

import { symlink, writeFile } from "node:fs/promises";
import { readFileSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import { pathToFileURL } from "node:url";
import { execFile } from "node:child_process";
import { run, type RunningNode } from "../../host/main.js";
import { REPO, tempProject } from "../client/temp-project.js";

/** The guides whose every command block is marked (README.md links them). */
export const GUIDES = ["docs/dapp.md", "docs/endpoints.md", "docs/operator.md", "docs/economist.md", "docs/embedding.md", "docs/exactness.md"];
/** Languages whose blocks are commands. */
export const COMMAND_LANGS = new Set(["sh", "bash", "shell", "ts", "js"]);

export interface Block {
  guide: string;
  /** 1-based line of the opening fence. */
  line: number;
  lang: string;
  /** What follows the language on the fence line. */
  mark: string;
  code: string;
  /** The `## ` section it is in. */
  section: string;
}

/** Every fenced block of a guide (path relative to the repo). */
export function guideBlocks(guide: string): Block[] {
  const lines = readFileSync(join(REPO, guide), "utf8").split("\n");
  const out: Block[] = [];
  let section = "";
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (l.startsWith("## ")) section = l.slice(3);
    const m = /^```(\S*)\s*(.*)$/.exec(l);
    if (!m) continue;
    const start = i;
    const body: string[] = [];
    while (++i < lines.length && lines[i] !== "```") body.push(lines[i]!);
    out.push({ guide, line: start + 1, lang: m[1]!, mark: m[2]!.trim(), code: `${body.join("\n")}\n`, section });
  }
  return out;
}

/** Why a command block's mark is not one of the three (undefined: it is). */
export function badMark(b: Block): string | undefined {
  if (!COMMAND_LANGS.has(b.lang)) return undefined;
  if (b.mark === "run") return undefined;
  const by = /^run-by=(\S+)$/.exec(b.mark);
  if (by) {
    let text: string;
    try {
      text = readFileSync(join(REPO, by[1]!), "utf8");
    } catch {
      return `run-by=${by[1]}: no such test file`;
    }
    return text.includes(b.guide.replace(/^docs\//, "")) ? undefined : `run-by=${by[1]}: that test does not read ${b.guide}`;
  }
  if (/^norun: \S.{15,}$/.test(b.mark)) return undefined;
  return `mark "${b.mark}": expected run, run-by=<test file> or "norun: <reason>"`;
}

/** A node's written ports and where it really answers. */
interface Started {
  rest: number;
  rpc: number;
  node: RunningNode;
}

const TSX = pathToFileURL(join(REPO, "node_modules", "tsx", "dist", "loader.mjs")).href;

export class GuideRunner {
  readonly nodes: Started[] = [];
  private count = 0;

  private constructor(readonly dir: string) {}

  /** A runner in a new app project (the repo installed by path, CosmJS and uvu beside it). */
  static async create(prefix: string): Promise<GuideRunner> {
    const dir = await tempProject(prefix);
    await symlink(join(REPO, "node_modules", "uvu"), join(dir, "node_modules", "uvu"));
    return new GuideRunner(dir);
  }

  /** `npm start -- ARGS` as written: the node, started in this process on free ports. */
  async start(args: string[]): Promise<RunningNode> {
    const written = { rest: 1317, rpc: 26657 };
    const rest: string[] = [];
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!;
      if (a === "--port") written.rest = Number(args[++i]);
      else if (a === "--rpc-port") written.rpc = Number(args[++i]);
      else if (a === "--fork-url") rest.push(a, this.asWritten(args[++i]!)); // a node started before, at its real port
      else if (["--fork", "--genesis", "--db", "--keyring", "--config"].includes(a)) {
        const f = args[++i]!;
        rest.push(a, isAbsolute(f) ? f : join(this.dir, f));
      } else rest.push(a);
    }
    const db = rest.includes("--db") || rest.includes("--fork") || rest.includes("--fork-url") ? [] : ["--db", join(this.dir, `node-${this.nodes.length}.db`)];
    const errors: string[] = [];
    const r = await run([...rest, ...db, "--port", "0", "--rpc-port", "0"], {}, { out: () => {}, err: (t) => errors.push(t) });
    if (typeof r === "number") throw new Error(`npm start -- ${args.join(" ")}: exit ${r}: ${errors.join("\n")}`);
    this.nodes.push({ ...written, node: r });
    return r;
  }

  /** The code with every started node's written ports made its real ones. */
  asWritten(code: string): string {
    let out = code;
    for (const { rest, rpc, node } of this.nodes) {
      const restHost = new URL(node.url).host;
      const rpcHost = new URL(node.rpcUrl!).host;
      for (const h of ["127.0.0.1", "localhost"]) {
        out = out.replaceAll(`${h}:${rest}`, restHost).replaceAll(`${h}:${rpc}`, rpcHost);
      }
    }
    return out;
  }

  /**
   * An sh block: its `npm start -- …` lines start nodes, the lines between run as bash scripts.
   * Resolves with what the scripts printed; rejects on a non-zero exit or a gateway error.
   */
  async sh(code: string): Promise<string> {
    let out = "";
    let script: string[] = [];
    const flush = async () => {
      if (script.some((l) => l.trim() !== "" && !l.trim().startsWith("#"))) out += await this.bash(script.join("\n"));
      script = [];
    };
    for (const line of code.split("\n")) {
      const start = /^npm start -- (.*?)(\s+#.*)?$/.exec(line.trim());
      if (start && !/--help|--print-config/.test(start[1]!)) {
        await flush();
        await this.start(splitArgs(this.asWritten(start[1]!))); // a URL of a node started before (--fork-url) made its real one
      } else script.push(line);
    }
    await flush();
    return out;
  }

  private bash(script: string): Promise<string> {
    const prelude = [
      "set -eo pipefail",
      // curl as written; a gateway error body ({"code": N, "message": …} with N ≠ 0) fails the line.
      `curl() { local out; out=$(command curl "$@") || return $?; printf '%s\\n' "$out"; if [[ "$out" =~ ^\\{\\"code\\":[1-9] ]]; then echo "gateway error: $out" >&2; return 1; fi; }`,
      `npm() { (cd ${JSON.stringify(REPO)} && command npm "$@"); }`,
    ].join("\n");
    return exec("bash", ["-c", `${prelude}\n${this.asWritten(script)}`], this.dir);
  }

  /** A ts or js block, written into the project and run by Node (tsx for types): its stdout. */
  async ts(code: string, lang = "ts"): Promise<string> {
    const file = join(this.dir, `block-${this.count++}.${lang === "js" ? "mjs" : "ts"}`);
    await writeFile(file, `${this.asWritten(code)}\nexport {};\n`);
    return exec(process.execPath, ["--import", TSX, file], this.dir);
  }

  /** Runs a block by its language. */
  runBlock(b: Block): Promise<string> {
    return b.lang === "ts" || b.lang === "js" ? this.ts(b.code, b.lang) : this.sh(b.code);
  }

  async close(): Promise<void> {
    for (const { node } of this.nodes.splice(0)) await node.close();
  }
}

/** Arguments as the shell splits them (double or single quotes, no escapes). */
export function splitArgs(line: string): string[] {
  return [...line.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]!);
}

function exec(cmd: string, args: string[], cwd: string, timeout = 180_000): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(cmd, args, { cwd, encoding: "utf8", timeout, maxBuffer: 64 << 20, env: { ...process.env, FORCE_COLOR: "0", npm_config_update_notifier: "false" } }, (e, stdout, stderr) => {
      if (e) reject(new Error(`${e.message}\n--- stdout\n${stdout.slice(-4000)}\n--- stderr\n${stderr.slice(-4000)}`));
      else resolve(stdout);
    });
  });
}
