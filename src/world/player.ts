import type { Timer } from './clock.js';
import type { Session } from '../output/outbox.js';
import type { TavernTable } from './table.js';
import { charAccount, keptAccount, type CharacterAccount } from '../store/account.js';
import { carriedBy, keptPlace, type CharacterPlace } from '../store/place.js';
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
  /** The place of what the player carries, asked for at every `inventory`. */
  readonly hands: CharacterPlace;

  constructor(
    readonly record: Readonly<CharacterRecord>,
    /** Told when the seat changes, whoever changes it (Char.Status says where you sit). */
    private readonly seatChanged: (p: Player) => void = () => undefined,
  ) {
    this.key = record.name.toLowerCase();
    this.purse = keptAccount(charAccount(this.key));
    this.hands = keptPlace(carriedBy(this.key));
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
