// x/evidence's BeginBlocker (after x/slashing's, chain-main's order): each DUPLICATE_VOTE CometBFT's
// FinalizeBlock reports becomes an Equivocation handled as HandleEquivocationEvidence does
// (cosmossdk.io/x/evidence v0.1.1 keeper/infraction.go): ignored when the validator is unknown or
// unbonded, when the evidence is older than both the consensus params' max_age_duration and
// max_age_num_blocks, or when the validator is tombstoned already; else slashed by
// slash_fraction_double_sign at the power of the infraction height (its stake as the height before
// it, ValidatorUpdateDelay, distribution and tier positions as the core slashes them), jailed (if it
// is not), jailed until 9999-12-31 and tombstoned, and the evidence stored. The events are
// x/slashing's: `slash` {address, power, reason double_sign, burned_coins}, then `slash` {jailed}.

import { encodeAddress } from "../../wire/address.js";
import { event, type TxEvent } from "../../framework/events.js";
import type { BlockInfo } from "../../framework/module.js";
import type { Ledger } from "../../core/ledger.js";
import type { NodeDirectory } from "../auth/directory.js";
import type { Slashing } from "../slashing/keeper.js";
import type { Evidence } from "./keeper.js";

/** CometBFT's DefaultEvidenceParams (the genesis's): 100,000 blocks and 48 hours. */
const DEFAULT_MAX_AGE = { blocks: 100_000n, ns: 172_800n * 1_000_000_000n };

/** What x/evidence's BeginBlocker does to the application. */
export interface EvidenceBlockApp {
  readonly evidence: Evidence;
  readonly slashing: Slashing;
  readonly ledger: Ledger;
  readonly directory: NodeDirectory;
  readonly validators: { byConsensusAddress(address: string): number | undefined };
  /** The consensus params' evidence ages (x/consensus MsgUpdateParams), when set. */
  evidenceMaxAge(): { blocks: bigint; ns: bigint } | undefined;
}

const STATUS_UNBONDED = 0;

export function evidenceBlock(app: EvidenceBlockApp, b: BlockInfo): TxEvent[] {
  const signs = b.consensus?.doubleSigns ?? [];
  if (signs.length === 0) return [];
  const maxAge = app.evidenceMaxAge() ?? DEFAULT_MAX_AGE;
  const events: TxEvent[] = [];
  for (const s of signs) {
    const cons = encodeAddress(`${app.directory.validatorPrefix}cons`, Uint8Array.from(Buffer.from(s.address, "hex")));
    const id = app.validators.byConsensusAddress(s.address);
    const v = id === undefined ? undefined : app.ledger.validator(id);
    if (id === undefined || v === undefined || v.status === STATUS_UNBONDED) continue;
    const timeNs = s.timeNs ?? b.timeNs;
    if (b.timeNs - timeNs > maxAge.ns && b.height - s.height > maxAge.blocks) continue; // too old
    const punishment = app.slashing.handleDoubleSign(s.address, s.height, s.power);
    if (punishment === undefined) continue; // tombstoned already
    const burned = app.ledger.slash(id, punishment.infractionHeight, punishment.power, punishment.fraction);
    events.push(event("slash", { address: cons, power: `${s.power}`, reason: "double_sign", burned_coins: `${burned}` }));
    if (!v.jailed) {
      app.ledger.jail(id, punishment.jailUntilNs);
      events.push(event("slash", { jailed: cons }));
    }
    app.evidence.set({ height: s.height, timeNs, power: s.power, consensusAddress: cons });
  }
  return events;
}
