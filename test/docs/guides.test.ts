// Every command in a guide, run by a test as written (issue 36, item 8). Each sh/bash/ts/js block
// of the guides README.md links (test/helpers/guide-runner.ts: GUIDES) is marked `run`,
// `run-by=<test file>` or `norun: <reason>`; this suite holds the marks and runs every `run` block,
// guide after guide in document order, against one fresh dev node started as the first hour
// starts it (`npm start -- --dev --clock simulated`), in an app's project that installed the repo
// by path. A block passes when it exits 0 (an sh block: every line; a curl answering a gateway
// error fails it). Where a block's output is the point, its own asserts check it.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { rm } from "node:fs/promises";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { REPO } from "../client/temp-project.js";
import { GUIDES, GuideRunner, badMark, guideBlocks, type Block } from "../helpers/guide-runner.js";

const blocks: Block[] = GUIDES.flatMap((g) => guideBlocks(g));
const runner = await GuideRunner.create("guides-");
const node = await runner.start(["--dev", "--clock", "simulated"]);

test.after(async () => {
  await runner.close();
  await rm(runner.dir, { recursive: true, force: true });
});

test("every command block of the guides is marked run, run-by=<test> or norun: <reason>", () => {
  const bad = blocks.map((b) => [b, badMark(b)] as const).filter(([, why]) => why !== undefined);
  assert.equal(bad.map(([b, why]) => `${b.guide}:${b.line}: ${why}`), []);
  const runnable = blocks.filter((b) => b.mark === "run");
  assert.ok(runnable.length >= 10, `${runnable.length} blocks to run`);
  // What is not run says why, and the blocks the guides call runnable are most of the dApp guide's.
  const dapp = blocks.filter((b) => b.guide === "docs/dapp.md" && b.mark !== "" && !b.mark.startsWith("norun"));
  assert.ok(dapp.length >= 12, `docs/dapp.md: ${dapp.length} blocks run`);
});

/** GitHub's anchor of a heading: lower case, punctuation but hyphens dropped, spaces as hyphens. */
const slug = (heading: string) => heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, "").replace(/\s/g, "-");

test("every relative link of README.md and the docs resolves: the file, and its heading when it names one", () => {
  const files = ["README.md", ...readdirSync(join(REPO, "docs")).filter((f) => f.endsWith(".md")).map((f) => `docs/${f}`)];
  const broken: string[] = [];
  for (const file of files) {
    const text = readFileSync(join(REPO, file), "utf8").replace(/```[\s\S]*?```/g, "");
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target!)) continue;
      const [path, anchor] = target!.split("#") as [string, string | undefined];
      const resolved = path === "" ? join(REPO, file) : join(REPO, dirname(file), path);
      // Guides other sessions write in parallel (explorer.md, dev-chain.md) are linked before they land.
      if (!existsSync(resolved)) {
        if (!/(explorer|dev-chain)\.md$/.test(path)) broken.push(`${file}: ${target}`);
        continue;
      }
      if (anchor === undefined || !resolved.endsWith(".md")) continue;
      const headings = readFileSync(resolved, "utf8").replace(/```[\s\S]*?```/g, "").split("\n").filter((l) => /^#{1,6} /.test(l)).map((l) => slug(l.replace(/^#+ /, "")));
      if (!headings.includes(anchor)) broken.push(`${file}: ${target} (no such heading)`);
    }
  }
  assert.equal(broken, []);
});

for (const guide of GUIDES) {
  const mine = blocks.filter((b) => b.guide === guide && b.mark === "run");
  if (mine.length === 0) continue;
  test(`${guide}: its ${mine.length} run blocks, as written, exit 0`, async () => {
    for (const b of mine) {
      try {
        await runner.runBlock(b);
      } catch (e) {
        assert.unreachable(`${b.guide}:${b.line} (${b.section}): ${(e as Error).message}`);
      }
    }
    assert.ok(node.chain.latest.height > 0n);
  });
}

test.run();
