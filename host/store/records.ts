// A record the host's modules keep beside the core's (x/gov, x/slashing, the validator registry):
// one table of keys and JSON text, written with the block that changed it and hashed with the state.

/** One value of the module-records table: its key and JSON text (null: deleted). */
export interface ModuleRecord {
  key: string;
  value: string | null;
}
