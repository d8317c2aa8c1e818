// Which messages a transaction may carry. A type is known only once registered, with the rule
// that validates its amino-JSON `value` (the stateless checks: the SDK's decoding plus
// `ValidateBasic`, or the handler's first checks where the module does them there) and the field
// that names its signer. A type not registered cannot be decoded and rejects the whole tx.
// Modules register their own messages; bank's MsgSend is here as the worked example.

import { coinsError, coinsString, type Coin } from "../wire/coins.js";
import { SdkErrors, TxError } from "../wire/errors.js";
import { addressField, coinsField, onlyFields, type JsonObject } from "../wire/amino/fields.js";

/** What a validator knows about the chain. */
export interface ValidateContext {
  /** Bech32 prefix of account addresses, e.g. `cro`. */
  readonly prefix: string;
}

export interface MessageSpec<T = unknown> {
  /** The value field holding the signer's bech32 address: `from_address`, `owner`, `authority`... */
  readonly signerField: string;
  /**
   * Checks the value and returns it parsed (addresses canonical, amounts bigint). Throws a
   * TxError with the SDK's code and text on the first problem.
   */
  validate(value: JsonObject, ctx: ValidateContext): T;
  /**
   * The signer's account address when `signerField` does not hold one (e.g. a validator operator
   * address, whose bytes are the operator's account): the canonical `cro1...` address or a throw.
   */
  signerOf?(value: JsonObject, ctx: ValidateContext): string;
  /** Governance-only: the signer must be the gov module account (the reference's `authority`). */
  readonly governance?: boolean;
}

export class MessageRegistry {
  private readonly specs = new Map<string, MessageSpec>();

  /** Registers an amino type name (e.g. `cosmos-sdk/MsgSend`). Registering a name twice is a bug. */
  register<T>(type: string, spec: MessageSpec<T>): this {
    if (type.length === 0) throw new Error("message type must not be empty");
    if (this.specs.has(type)) throw new Error(`message type ${type} is already registered`);
    if (spec.signerField.length === 0) throw new Error(`message type ${type}: signerField must not be empty`);
    this.specs.set(type, spec);
    return this;
  }

  get(type: string): MessageSpec | undefined {
    return this.specs.get(type);
  }

  has(type: string): boolean {
    return this.specs.has(type);
  }

  /** Registered type names, in registration order. */
  types(): string[] {
    return [...this.specs.keys()];
  }
}

// --- x/bank -------------------------------------------------------------------------------------

export const MSG_SEND = "cosmos-sdk/MsgSend";

export interface MsgSend {
  readonly fromAddress: string;
  readonly toAddress: string;
  readonly amount: Coin[];
}

/**
 * `cosmos-sdk/MsgSend {from_address, to_address, amount}`, checked as the SDK's bank msg server
 * does before touching state: from address, to address, then `amount` valid and all positive
 * (`<coins>: invalid coins`). Send-enabled denoms, blocked recipients and balances are the
 * handler's business.
 */
export const msgSendSpec: MessageSpec<MsgSend> = {
  signerField: "from_address",
  validate(value, { prefix }) {
    onlyFields(value, MSG_SEND, ["from_address", "to_address", "amount"]);
    const amount = coinsField(value, "amount", MSG_SEND);
    const fromAddress = addressField(value, "from_address", MSG_SEND, prefix, "invalid from address");
    const toAddress = addressField(value, "to_address", MSG_SEND, prefix, "invalid to address");
    // IsValid() (denoms, order, positive amounts), then IsAllPositive(), which an empty list fails.
    if (coinsError(amount) !== undefined || amount.length === 0) {
      throw new TxError(SdkErrors.InvalidCoins, coinsString(amount));
    }
    return { fromAddress, toAddress, amount };
  },
};

/** Registers x/bank's messages. */
export function registerBankMessages(registry: MessageRegistry): MessageRegistry {
  return registry.register(MSG_SEND, msgSendSpec);
}
