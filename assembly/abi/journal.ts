// The store's records as the host persists them: every record starts with its u64 key; the journal
// (storeJournalPtr, storeJournalLength entries) names the records changed since it was cleared.

export const RECORD_KEY: i32 = 0; // u64, little-endian
export const RECORD_KEY_SIZE: i32 = 8;
export const JOURNAL_TABLE: i32 = 0; // u32 table id
export const JOURNAL_SLOT: i32 = 4; // u32 slot, REMOVED_BIT set when the record's key was deleted
export const JOURNAL_ENTRY_SIZE: i32 = 8;
export const REMOVED_BIT: u32 = 0x8000_0000;
