/**
 * How a table speaks to one person, so no game writes its sentences twice: the viewer is "you", everyone else is named.
 * A game message is a `Message`, worded once for each person in the room, so the actor reads
 * "You rob Bob", the target "Ana robs you" and the room "Ana robs Bob", from one sentence.
 */

/** A message for everyone in the room, worded for one viewer; null: this viewer is not told. */
export type Message = (v: Voice) => string | null;

export class Voice {
  /** `viewer`: the person reading, or null for a line with nobody in particular in mind. */
  constructor(readonly viewer: string | null) {}

  /** True when `who` is the viewer. */
  is(who: string | null | undefined): boolean {
    return who != null && who === this.viewer;
  }

  /**
   * Whether `who` is named "you" and the verbs agree with that: the viewer, but in a voice that
   * names everyone as the room does while keeping what is worded for the viewer alone (a host
   * comparing a reader's line with the room's: src/dealer/table.ts).
   */
  protected addressed(who: string): boolean {
    return this.is(who);
  }

  /** "you" or "Ana". */
  name(who: string): string {
    return this.addressed(who) ? 'you' : who;
  }

  /** "You" or "Ana", to begin a sentence. */
  Name(who: string): string {
    return this.addressed(who) ? 'You' : who;
  }

  /** "your" or "Ana's". */
  poss(who: string): string {
    return this.addressed(who) ? 'your' : `${who}'s`;
  }

  /** "Your" or "Ana's", to begin a sentence. */
  Poss(who: string): string {
    return this.addressed(who) ? 'Your' : `${who}'s`;
  }

  /** "yours" or "Ana's": a possessive standing alone ("50 of yours"). */
  theirs(who: string): string {
    return this.addressed(who) ? 'yours' : `${who}'s`;
  }

  /** The verb agreeing with `who`: verb('Ana', 'take') is "takes", for the viewer "take". */
  verb(who: string, base: string, third = `${base}s`): string {
    return this.addressed(who) ? base : third;
  }

  /**
   * `toThem` when `who` is addressed, else `toOthers`: the same news worded apart for the one it
   * is about ("You throw..." against "Ana, the HERO, throws..."). Where the viewer's wording tells
   * them more than the room's (their hand, what only they may type), a game asks is() instead.
   */
  either(who: string, toThem: string, toOthers: string): string {
    return this.addressed(who) ? toThem : toOthers;
  }

  /** "You take" or "Ana takes", to begin a sentence. */
  does(who: string, base: string, third?: string): string {
    return `${this.Name(who)} ${this.verb(who, base, third)}`;
  }

  /** "Ana (you)" or "Bob": a name in a list that shows who is where (`look`). */
  label(who: string): string {
    return this.addressed(who) ? `${who} (you)` : who;
  }

  /** "Ana, you and Cy": names in their own order, the viewer as "you". */
  names(names: readonly string[]): string {
    return listNames(names.map((n) => this.name(n)));
  }

  /**
   * A list of who is where that stays short in a crowd: the first `most` labelled in full, then how
   * many others ("Ana, Bo and 198 others, you among them").
   */
  few(names: readonly string[], most: number): string {
    if (names.length <= most) return listNames(names.map((n) => this.label(n)));
    const shown = names.slice(0, most);
    const among = this.viewer !== null && this.addressed(this.viewer) && !shown.includes(this.viewer) && names.includes(this.viewer) ? ', you among them' : '';
    return `${shown.map((n) => this.label(n)).join(', ')} and ${names.length - most} others${among}`;
  }

  /** As names(), to begin a sentence. */
  Names(names: readonly string[]): string {
    const text = this.names(names);
    return text.charAt(0).toUpperCase() + text.slice(1);
  }
}

/** The voice for text that addresses nobody in particular (logs, refusals about others). */
export const NOBODY = new Voice(null);

/** "Ana", "Ana and Bob", "Ana, Bob and Cat". */
export function listNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
