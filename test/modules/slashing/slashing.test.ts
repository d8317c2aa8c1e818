// x/slashing's bookkeeping (host/modules/slashing/keeper.ts) against the SDK's rules, block by block: the
// signed-blocks window (a missed block sets its bit, a signed one clears it), the downtime
// punishment once the window has passed and more than window x (1 - min_signed) are missed (then
// the window restarts), nothing for a jailed validator, double signing punished once (tombstone),
// and the records' round trip.

import { test } from "uvu";
import * as assert from "uvu/assert";
import { loadCore } from "../../../host/core/core.js";
import { DEFAULT_SLASHING_PARAMS, Slashing } from "../../../host/modules/slashing/keeper.js";
import { wasm } from "../../helpers/node.js";

const core = await loadCore(wasm);
const E18 = 10n ** 18n;
const params = { ...DEFAULT_SLASHING_PARAMS, signedBlocksWindow: 10n, minSignedPerWindow: E18 / 2n, downtimeJailDurationNs: 60n * 10n ** 9n };
const vote = (signed: boolean, jailed = false) => [{ address: "AA", power: 100n, signed, jailed }];

test("downtime: punished at the first block past the window with more than 5 of 10 missed; the window restarts", () => {
  const s = new Slashing(params, core.dec);
  const pattern = [true, true, false, false, false, false, false, false, true, true, true, true];
  let punishedAt = -1;
  for (let i = 0; i < pattern.length; i++) {
    const height = BigInt(i + 1);
    const p = s.handleVotes(vote(pattern[i]!), height, height * 10n ** 9n);
    if (p.length > 0) {
      punishedAt = i + 1;
      assert.equal(p[0], {
        address: "AA", fraction: params.slashFractionDowntime, infractionHeight: height - 2n, power: 100n,
        jailUntilNs: height * 10n ** 9n + params.downtimeJailDurationNs, reason: "missing_signature",
      });
      const info = s.info("AA")!;
      assert.equal([info.missedBlocksCounter, info.indexOffset, info.missed], [0n, 0n, []], "the window restarts");
      break;
    }
    if (height <= 11n) assert.is(p.length, 0, `not before the window has passed (height ${height})`);
  }
  // Start height 1, window 10: from height 12; 6 missed (heights 3 to 8) > 5 still in the window then.
  assert.is(punishedAt, 12);
});

test("a signed block clears its bit when the window comes round (a miss leaves it); a jailed validator is not punished again", () => {
  const s = new Slashing(params, core.dec);
  for (let h = 1n; h <= 10n; h++) s.handleVotes(vote(h % 2n === 0n), h, h);
  assert.is(s.info("AA")!.missedBlocksCounter, 5n);
  s.handleVotes(vote(true), 11n, 11n); // index 0 again: was missed (height 1), now signed
  assert.is(s.info("AA")!.missedBlocksCounter, 4n);
  // Missed at the odd heights (indices 0, 2, 4, 6, 8); height 12 is index 1, signed at height 2 too: unchanged.
  assert.equal(s.handleVotes(vote(true), 12n, 12n), []);
  assert.is(s.info("AA")!.missedBlocksCounter, 4n);
  for (let h = 12n; h <= 30n; h++) assert.equal(s.handleVotes(vote(false, true), h, h), [], "jailed: no punishment");
});

test("double signing: punished once (5 %, jailed for good), tombstoned; the records round-trip", () => {
  const s = new Slashing(params, core.dec);
  const p = s.handleDoubleSign("BB", 40n, 7n)!;
  assert.equal([p.fraction, p.infractionHeight, p.reason], [params.slashFractionDoubleSign, 39n, "double_sign"]);
  assert.ok(s.info("BB")!.tombstoned);
  assert.is(s.handleDoubleSign("BB", 41n, 7n), undefined, "a tombstoned validator is not punished twice");
  const copy = new Slashing(params, core.dec);
  for (const r of s.takeDirty()) copy.load(r.key, r.value!);
  assert.equal(copy.info("BB"), s.info("BB"));
  assert.equal(s.takeDirty(), [], "nothing left to write");
});

test.run();
