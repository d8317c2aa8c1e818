// The events a tx or a block emits, as ABCI carries them and the gateway renders them.

/** An ABCI event as the gateway renders it. */
export interface TxEvent {
  type: string;
  attributes: { key: string; value: string; index: boolean }[];
}

export function event(type: string, attrs: Record<string, string>): TxEvent {
  return { type, attributes: Object.entries(attrs).map(([key, value]) => ({ key, value, index: true })) };
}
