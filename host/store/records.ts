// The records the store keeps for the host's modules: a module's records beside the core's (x/gov,
// x/slashing, the validator registry), one table of keys and JSON text, written with the block
// that changed it and hashed with the state; and x/auth's accounts (modules/auth/directory.ts).

/** One value of the module-records table: its key and JSON text (null: deleted). */
export interface ModuleRecord {
  key: string;
  value: string | null;
}

/** An account as the accounts table keeps it (x/auth's directory reads and writes them). */
export interface AccountRecord {
  id: number;
  address: string;
  sequence: bigint;
  pubKey?: Uint8Array;
  /** x/auth's account number; absent: no x/auth account (a burn address), or a module account of a chain made before numbers were kept (its id). */
  number?: bigint;
}
