// x/group's registered errors (x/group/errors: group, math and legacy_orm codespaces) and the SDK's
// errorsmod.Wrap: `<note>: <the wrapped error's text>`, its codespace and code kept.

import { TxError, type ErrorKind } from "../../wire/errors.js";

const g = (code: number, description: string): ErrorKind => ({ codespace: "group", code, description });

export const GroupErrors = {
  Empty: g(2, "value is empty"),
  Duplicate: g(3, "duplicate value"),
  MaxLimit: g(4, "limit exceeded"),
  Type: g(5, "invalid type"),
  Invalid: g(6, "invalid value"),
  Unauthorized: g(7, "unauthorized"),
  Modified: g(8, "modified"),
  Expired: g(9, "expired"),
  InvalidDecString: { codespace: "math", code: 10, description: "invalid decimal string" } as ErrorKind,
  UniqueConstraint: { codespace: "legacy_orm", code: 13, description: "unique constraint violation" } as ErrorKind,
};

/** A Go error without a registered kind (fmt.Errorf): code 1 of "undefined", its text as the log. */
export const plain = (text: string): TxError => new TxError({ codespace: "undefined", code: 1, description: text });

/** The wrapping notes of an error (its log without its kind's description). */
export function detailOf(e: TxError): string {
  const d = e.kind.description;
  if (e.log === d) return "";
  return e.log.endsWith(`: ${d}`) ? e.log.slice(0, -(d.length + 2)) : e.log;
}

/** errorsmod.Wrap(err, note): the same kind, the note before its text. */
export function wrap(e: unknown, note: string): unknown {
  if (!(e instanceof TxError)) return e;
  const detail = detailOf(e);
  return new TxError(e.kind, detail === "" ? note : `${note}: ${detail}`, e.stage);
}

/** Runs `f`, its TxError wrapped by `note`. */
export function wrapped<T>(note: string, f: () => T): T {
  try {
    return f();
  } catch (e) {
    throw wrap(e, note);
  }
}
