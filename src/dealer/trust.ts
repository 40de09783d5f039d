import { createHash } from 'node:crypto';
import { pattern, type EventKind, type Profile, type Via } from './profile.js';

/**
 * Reading the MUD's lines as the profile says to trust them: who spoke to the dealer and what
 * they said, who came and went, and the answers to the dealer's own queries. A line that matches
 * no trusted pattern is nothing (the operator sees it on the console, the table never acts on it).
 *
 * Where the profile has a secret (TinyMUX), a line is only taken as a player's whisper when it
 * carries the secret the dealer set at this login, which no player can see: a pose, an emit, a
 * page or a forged line inside a whisper of several lines never does. Where anyone can make the
 * MUD print what stands for the secret (TinyMUX's @prefix, through @remit), it prints a seal
 * instead, a hash of the secret and the sender (`unsealed`), so what they see forges only their
 * own words. Where it has none (a Diku,
 * this project's server), a trusted line begins with the speaker's name as the MUD wrote it, which
 * only the MUD can do: a player's own emote always begins with their own name.
 */

/** A player as the dealer knows them: `id` is their lasting identity (`#13`, or the name in lower case), `name` as the MUD shows it. */
export interface Who {
  id: string;
  name: string;
}

export type Reading =
  /** A player spoke to the dealer: `via` whisper (in the room) or page/tell (from anywhere). `partial`: the first line of several; `posed`: a posed whisper or page. */
  | { kind: 'heard'; via: Via; who: Who; text: string; partial: boolean; posed: boolean }
  /** Someone came, went, dropped or came back: a hint, as the room saw it. */
  | { kind: 'event'; event: EventKind; who: Who }
  /** The answer to a roster query: who is in the dealer's room, and which room that is (where the profile says). */
  | { kind: 'roster'; tag: string; present: (Who & { connected: boolean })[]; room?: string }
  /** A line after which the dealer may stand somewhere else (it was killed): it asks its roster. */
  | { kind: 'recheck' };

/** The lines the dealer must not trust the look of: colour codes and control characters. */
export function cleanLine(line: string): string {
  return line
    .replace(/\x1b\[[0-9;?]*[ -/]*[@-~]/g, '')
    .replace(/\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?/g, '')
    .replace(/[\x00-\x08\x0a-\x1f\x7f]/g, '')
    .replace(/\t/g, ' ');
}

/**
 * A line with this login's secret put back where the MUD sealed it (the profile's `seal`): the
 * hash in `mac` must be sha1 of the secret followed by `signed`. Any other line as it came.
 */
export function unsealed(line: string, seal: RegExp | null, secret: string): string {
  if (!seal) return line;
  const text = cleanLine(line);
  const m = seal.exec(text);
  const at = m?.indices?.groups?.mac;
  if (!m || !at) return line;
  const { mac, signed } = m.groups!;
  if (createHash('sha1').update(secret + (signed ?? '')).digest('hex') !== mac.toLowerCase()) return line;
  return text.slice(0, at[0]) + secret + text.slice(at[1]);
}

export class Trust {
  private readonly heard: { via: Via; re: RegExp; partial: boolean; posed: boolean }[];
  private readonly events: { kind: EventKind; re: RegExp }[];
  private readonly prompt: RegExp | null;
  /** Roster queries sent and not yet answered, by tag. */
  private readonly awaited = new Map<string, RegExp>();
  private readonly item: RegExp | null;
  private readonly askOn: RegExp[];
  private readonly seal: RegExp | null;

  constructor(
    private readonly profile: Profile,
    /** `secret`: this login's; `character`: the dealer's own name, whose lines are never a player's. */
    private readonly session: { secret: string; character: string },
  ) {
    const values = { secret: session.secret, character: session.character };
    this.heard = profile.heard.map((h) => ({ via: h.via, re: pattern(h.pattern, values), partial: h.partial === true, posed: h.posed === true }));
    this.events = profile.events.map((e) => ({ kind: e.kind, re: pattern(e.pattern, values) }));
    this.prompt = profile.prompt ? pattern(profile.prompt, values) : null;
    this.item = profile.roster ? new RegExp(pattern(profile.roster.item, values).source, 'g') : null;
    this.askOn = (profile.roster?.askOn ?? []).map((a) => pattern(a, values));
    this.seal = profile.seal ? new RegExp(pattern(profile.seal, values).source, 'd') : null;
  }

  /** A line of the MUD's with this login's secret where the MUD sealed it (unsealed). */
  unseal(line: string): string {
    return unsealed(line, this.seal, this.session.secret);
  }

  /** A line as the profile's patterns see it: cleaned, any prompt before it taken off. */
  clean(line: string): string {
    const text = cleanLine(line);
    return this.prompt ? text.replace(this.prompt, '') : text;
  }

  /** Waits for the answer to a roster query sent with `tag`. */
  awaitRoster(tag: string): void {
    if (this.profile.roster) this.awaited.set(tag, pattern(this.profile.roster.answer, { tag, secret: this.session.secret }));
  }

  /** Whether a roster query is still unanswered. */
  get awaiting(): boolean {
    return this.awaited.size > 0;
  }

  /** A roster query that will not be answered now (the connection dropped). */
  forget(): void {
    this.awaited.clear();
  }

  read(raw: string): Reading | null {
    const line = this.clean(raw);
    if (!line) return null;
    for (const [tag, re] of this.awaited) {
      const m = re.exec(line);
      if (m) {
        this.awaited.delete(tag);
        return { kind: 'roster', tag, present: this.roster(m.groups!.list), ...(m.groups!.room ? { room: m.groups!.room } : {}) };
      }
    }
    if (this.askOn.some((re) => re.test(line))) return { kind: 'recheck' };
    for (const h of this.heard) {
      const m = h.re.exec(line);
      if (!m) continue;
      const who = this.who(m.groups!);
      // The dealer's own lines (its says, its whispers' echoes) are never a player speaking.
      if (!who || who.name.toLowerCase() === this.session.character.toLowerCase()) return null;
      return { kind: 'heard', via: h.via, who, text: m.groups!.text, partial: h.partial, posed: h.posed };
    }
    for (const e of this.events) {
      const m = e.re.exec(line);
      const who = m && this.who(m.groups!);
      if (who) return { kind: 'event', event: e.kind, who };
    }
    return null;
  }

  private roster(list: string): (Who & { connected: boolean })[] {
    const present: (Who & { connected: boolean })[] = [];
    for (const m of list.matchAll(this.item!)) {
      const who = this.who(m.groups!);
      if (who && who.name.toLowerCase() !== this.session.character.toLowerCase()) present.push({ ...who, connected: m.groups!.connected === '1' });
    }
    return present;
  }

  private who(groups: Record<string, string | undefined>): Who | null {
    const name = groups.name?.trim();
    if (!name) return null;
    if (this.profile.identity === 'id') return groups.id ? { id: `#${groups.id}`, name } : null;
    return { id: name.toLowerCase(), name };
  }
}
