/**
 * A player's output settings, colour and screen reader: each is `on`, `off`, or (never chosen)
 * whatever the client says. They are kept with the character (the store's `prefs` entry) and
 * put on the session at every login, before the first room description.
 */
import type { Prefs } from '../store/index.js';
import type { Session, Setting } from './outbox.js';

export type OutputSetting = 'colour' | 'screenReader';

/** How a setting is named to players. */
export const SETTING_NAMES: Record<OutputSetting, string> = { colour: 'Colour', screenReader: 'Screen-reader mode' };

const fromPref = (pref: boolean | undefined): Setting => (pref === undefined ? 'auto' : pref ? 'on' : 'off');

/** Puts the character's kept settings on a session that has just logged in. */
export function applyPrefs(session: Session, prefs: Readonly<Prefs>): void {
  session.colour = fromPref(prefs.colour);
  session.screenReader = fromPref(prefs.screenReader);
}

/** Whether the setting is in use for this session now (the player's choice, or the client's). */
export function settingInUse(session: Session, setting: OutputSetting): boolean {
  return setting === 'colour' ? session.colourInUse : session.screenReaderInUse;
}

/**
 * One setting as a player reads it: `on`, `off`, and whether the client chose it
 * (`on (as your client says)`). For `colour`, `screenreader` and `score`.
 */
export function describeSetting(session: Session, setting: OutputSetting): string {
  const state = settingInUse(session, setting) ? 'on' : 'off';
  return session[setting] === 'auto' ? `${state} (as your client says)` : state;
}
