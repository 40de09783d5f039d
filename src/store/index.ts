/** The durable store: one interface (store.ts), the file and PostgreSQL engines behind it, and the ledger over it. */
export type { Store, NewCharacter } from './store.js';
export type { Ban, CharacterRecord, DrawRecord, Entry, GameRecord, GameResult, Holdings, Move, Prefs, ResultOutcome, TableFairness, TableResult, ThingMove, Win } from './entries.js';
export { RESULTS_KEPT } from './results.js';
export { FileStore, type FileStoreOptions } from './file-store.js';
export { PgStore } from './pg/pg-store.js';
export type { PgStoreOptions } from './pg/open.js';
export { openStore, parseStoreSpec, describeSpec, type StoreSpec } from './open.js';
export { StoreFailure } from './files.js';
export { Ledger, type Audit, type Lack, type Shortfall, type ThingsResult, type ThingTransfer, type Transfer, type TransferResult } from './ledger.js';
export { carriedBy, floorOf, HOUSE_STOCK, placeText, readPlace, type CharacterPlace, type Place, type RoomPlace } from './place.js';
export { accountText, charAccount, escrowAccount, HOUSE, MINT, readAccount, type Account, type AccountResult, type CharacterAccount, type EscrowAccount, type OwnedAccount } from './account.js';
export { keepPrivate, PRIVATE_DIR, PRIVATE_FILE } from './private.js';
