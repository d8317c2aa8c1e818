// The hostile request classes (issue 10, "Deliver 5"): each makes one malformed or hostile request
// at a time from a fixed-seed generator, so `npm run test:hostile` (thousands per class) and the
// quick variant in `npm test` (a few dozen per class) send the same kinds of requests.
//
// Every request is built so that no correct node could accept it: a signed tx is changed after
// signing, signed with something that must be refused at CheckTx, or sent by a key that is not its
// signer's. The node under test must answer each with a 4xx and the gateway's error body, or (the
// tx routes) HTTP 200 with a tx_response whose code is not 0 — and never change its state, which
// the lockstep runner checks against a control node that never sees these requests.
//
// The classes are in classes-body.ts (a tx body's content), classes-signers.ts (who a tx claims to
// be) and classes-paths.ts (a GET request's path), built on context.ts and values.ts.

import { operatorOf } from "../../host/app/genesis.js";
import type { HostileClass } from "./context.js";
import { badAmounts, brokenJson, deepJson, feeClass, hugeBody, tooManyMsgs, unicodeMemos, unknownMessages, wrongTypes } from "./classes-body.js";
import { badBech32Class, forgedSignatures, otherOwners, replayedSignatures, wrongChainId } from "./classes-signers.js";
import { hugePagination, pathInjection } from "./classes-paths.js";
import { authzClass } from "./classes-authz.js";
import { feegrantClass } from "./classes-feegrant.js";
import { vestingClass } from "./classes-vesting.js";
import { governedClass } from "./classes-governed.js";
import { othersClass } from "./classes-others.js";
import { nftClass } from "./classes-nft.js";
import { circuitClass, upgradeClass } from "./classes-upgrade-circuit.js";
import { groupClass } from "./classes-group.js";
import { ibcClass } from "./classes-ibc.js";

export {
  ATTACKER, BODY_LIMIT, TX_PATHS, VICTIMS, devKeys, sign, type HostileClass, type HostileContext, type HostileRequest, type Lockstep,
} from "./context.js";

/**
 * Every lockstep class, in the order they run. too-many-msgs is last: until a message limit (or a
 * gas meter) refuses it, the node accepts it and its state departs from the control's for good.
 */
export const HOSTILE_CLASSES: HostileClass[] = [
  brokenJson, deepJson, hugeBody, wrongTypes, badAmounts, unknownMessages, badBech32Class, forgedSignatures, replayedSignatures,
  wrongChainId, otherOwners, pathInjection, hugePagination, unicodeMemos, feeClass, authzClass, feegrantClass, vestingClass, governedClass, othersClass, nftClass, upgradeClass, circuitClass, groupClass, ibcClass, tooManyMsgs,
];

export { operatorOf };
