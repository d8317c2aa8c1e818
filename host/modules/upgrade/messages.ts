// x/upgrade's Msg service (cosmossdk.io/x/upgrade v0.2.0 keeper/msg_server.go, keeper.go): a plan
// scheduled or cancelled by the authority (x/gov's module account, through a proposal). The
// authority is checked first (upgrade 6), then ScheduleUpgrade's rules: Plan.ValidateBasic (no time,
// no IBC client state, a name, a height > 0), not in the past, not applied before; a new plan
// replaces the scheduled one. CancelUpgrade without a plan succeeds. Neither emits an event of its own.

import { event } from "../../framework/events.js";
import { respond } from "../../framework/handlers.js";
import { message } from "../../framework/message.js";
import type { MessageContext } from "../../framework/context.js";
import { SdkErrors, TxError, type ErrorKind } from "../../wire/errors.js";
import { accountAddress } from "../bank/messages.js";
import {
  MsgCancelUpgradeResponseSchema, MsgCancelUpgradeSchema, MsgSoftwareUpgradeResponseSchema, MsgSoftwareUpgradeSchema,
} from "../../wire/gen/cosmos/upgrade/v1beta1/tx_pb.js";
import type { Plan } from "./keeper.js";

export const UpgradeErrors = {
  InvalidSigner: { codespace: "upgrade", code: 6, description: "expected authority account as only signer for proposal message" },
} as const satisfies Record<string, ErrorKind>;

/** Go's zero time.Time as a Timestamp's seconds (0001-01-01T00:00:00Z). */
const ZERO_TIME_SECONDS = -62135596800n;

export interface SoftwareUpgrade {
  readonly authority: string;
  readonly name: string;
  readonly height: bigint;
  readonly info: string;
  /** Plan.ValidateBasic's refusal, met in the handler after the authority's check. */
  readonly invalid?: string;
}

const signer = (m: { authority: string }, { prefix }: { prefix: string }): string => accountAddress(m.authority, prefix, "invalid authority address");

function requireAuthority(ctx: MessageContext, authority: string): void {
  if (authority !== ctx.authority) throw new TxError(UpgradeErrors.InvalidSigner, `expected ${ctx.authority} got ${authority}`);
}

const routed = (typeUrl: string, sender: string) => event("message", { action: typeUrl, sender, module: "upgrade" });

export const msgSoftwareUpgradeDef = message({
  schema: MsgSoftwareUpgradeSchema,
  signer,
  validate(m): SoftwareUpgrade {
    const p = m.plan;
    const base = { authority: m.authority, name: p?.name ?? "", height: p?.height ?? 0n, info: p?.info ?? "" };
    const t = p?.time;
    let invalid: string | undefined;
    if (t !== undefined && !(t.seconds === ZERO_TIME_SECONDS && t.nanos === 0)) invalid = "time-based upgrades have been deprecated in the SDK";
    else if (p?.upgradedClientState !== undefined) invalid = "upgrade logic for IBC has been moved to the IBC module";
    else if (base.name.length === 0) invalid = "name cannot be empty";
    else if (base.height <= 0n) invalid = "height must be greater than 0";
    return invalid === undefined ? base : { ...base, invalid };
  },
  handle(ctx, m) {
    requireAuthority(ctx, m.authority);
    if (m.invalid !== undefined) throw new TxError(SdkErrors.InvalidRequest, m.invalid);
    if (m.height < ctx.height) throw new TxError(SdkErrors.InvalidRequest, "upgrade cannot be scheduled in the past");
    if (ctx.upgrade.doneHeight(m.name) !== 0n) throw new TxError(SdkErrors.InvalidRequest, `upgrade with name ${m.name} has already been completed`);
    const plan: Plan = { name: m.name, height: m.height, info: m.info };
    ctx.upgrade.setPlan(plan);
    return respond(MsgSoftwareUpgradeResponseSchema, {}, [routed(`/${MsgSoftwareUpgradeSchema.typeName}`, ctx.signer)]);
  },
});

export const msgCancelUpgradeDef = message({
  schema: MsgCancelUpgradeSchema,
  signer,
  validate: (m) => ({ authority: m.authority }),
  handle(ctx, m) {
    requireAuthority(ctx, m.authority);
    if (ctx.upgrade.plan() !== undefined) ctx.upgrade.setPlan(undefined);
    return respond(MsgCancelUpgradeResponseSchema, {}, [routed(`/${MsgCancelUpgradeSchema.typeName}`, ctx.signer)]);
  },
});

export const upgradeMessages = [msgSoftwareUpgradeDef, msgCancelUpgradeDef];
