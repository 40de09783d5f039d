import type { Timer } from './clock.js';
import type { Session } from '../output/outbox.js';
import type { TavernTable } from './table.js';
import { charAccount, escrowAccount, type CharacterAccount, type EscrowAccount } from '../store/account.js';
import type { CharacterRecord } from '../store/index.js';

/** A character in the world: connected, or linkdead while keeping a seat. */
export class Player {
  session: Session | null = null;
  graceTimer: Timer | null = null;
  private seatedAt: TavernTable | null = null;
  /** When the player last typed a line (by the tavern's clock), for `who`. */
  lastInput = 0;
  /** The lower-case name: every index and account is keyed by it (a name never changes). */
  readonly key: string;
  /** The account of the player's purse, asked for at every `inventory`. */
  readonly purse: CharacterAccount;
  private readonly escrows = new Map<string, EscrowAccount>();

  constructor(
    readonly record: Readonly<CharacterRecord>,
    /** Told when the seat changes, whoever changes it (Char.Status says where you sit). */
    private readonly seatChanged: (p: Player) => void = () => undefined,
  ) {
    this.key = record.name.toLowerCase();
    this.purse = charAccount(this.key);
  }

  /** The account of the player's coins on a table (one object per table, asked at every `inventory`). */
  escrowAt(tableId: string): EscrowAccount {
    let account = this.escrows.get(tableId);
    if (!account) this.escrows.set(tableId, (account = escrowAccount(tableId, this.key)));
    return account;
  }

  get seat(): TavernTable | null {
    return this.seatedAt;
  }

  set seat(table: TavernTable | null) {
    if (table === this.seatedAt) return;
    this.seatedAt = table;
    this.seatChanged(this);
  }

  get name(): string {
    return this.record.name;
  }

  get room(): string {
    return this.record.room;
  }
}
