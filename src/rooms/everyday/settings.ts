import type { Setting } from '../outbox.js';
import { describeSetting, SETTING_NAMES, type OutputSetting } from '../settings.js';
import type { TavernCommand } from '../tavern.js';

/** Settings: how your text looks (colour) and reads (screen reader), kept with your character. */

function settingCommand(key: string, aliases: string[], setting: OutputSetting, help: string): TavernCommand {
  const name = SETTING_NAMES[setting];
  return {
    key,
    aliases,
    usage: `${key} [on | off | auto]`,
    group: 'Settings',
    help,
    run(ctx, args) {
      const session = ctx.actor.session;
      if (!session) return;
      const word = args.trim().toLowerCase();
      if (!word) {
        ctx.reply(`${name} is ${describeSetting(session, setting)}. Type ${key} on or ${key} off to change it.`);
        return;
      }
      if (word !== 'on' && word !== 'off' && word !== 'auto') {
        ctx.reply(`Usage: ${key} on, ${key} off, or ${key} auto (as your client says).`);
        return;
      }
      ctx.tavern.store.record({ kind: 'prefs', key: ctx.actor.key, prefs: { [setting]: word === 'auto' ? null : word === 'on' } });
      session[setting] = word as Setting;
      ctx.reply(`${name} is ${describeSetting(session, setting)}.`);
    },
  };
}

export const settingCommands: TavernCommand[] = [
  settingCommand(
    'colour',
    ['color'],
    'colour',
    'Turn colour on or off; auto leaves it to what your client says it can show. With colour off, no colour codes are sent at all. Kept with your character.',
  ),
  settingCommand(
    'screenreader',
    [],
    'screenReader',
    'Turn screen-reader mode on or off (a client that reports a screen reader turns it on by itself; auto goes back to that). It leaves out drawn boards, rules and columns, tells them in sentences instead, and puts the prompt on the line of news that arrives on its own. Kept with your character.',
  ),
];
