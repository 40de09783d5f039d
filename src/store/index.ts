/** The durable store: one interface (store.ts), the file and PostgreSQL engines behind it, and the ledger over it. */
export type { Store, NewCharacter } from './store.js';
export type { Ban, CharacterRecord, DrawRecord, Entry, GameRecord, GameResult, Move, Prefs, ResultOutcome, TableFairness, TableResult, Win } from './entries.js';
export { RESULTS_KEPT } from './results.js';
export { FileStore, type FileStoreOptions } from './file-store.js';
export { PgStore } from './pg/pg-store.js';
export type { PgStoreOptions } from './pg/open.js';
export { openStore, parseStoreSpec, describeSpec, type StoreSpec } from './open.js';
export { StoreFailure } from './files.js';
export { Ledger, type Audit, type Shortfall, type Transfer, type TransferResult } from './ledger.js';
export { accountText, charAccount, escrowAccount, HOUSE, MINT, readAccount, type Account, type AccountResult, type CharacterAccount, type EscrowAccount, type OwnedAccount } from './account.js';
export { keepPrivate, PRIVATE_DIR, PRIVATE_FILE } from './private.js';
