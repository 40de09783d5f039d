import type { Setting } from '../output/outbox.js';
import { describeSetting, SETTING_NAMES, type OutputSetting } from '../output/settings.js';
import type { CommandContext, TavernCommand } from '../world/tavern.js';
import { channelCommands, onOoc } from './channels.js';
import { hanging } from '../text/markup.js';

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

const outputSettings: TavernCommand[] = [
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

/** `set`: every setting in one place; `set <setting> <value>` does what the setting's own command does. */
function set(ctx: CommandContext, args: string): void {
  const session = ctx.actor.session;
  if (!session) return;
  const [name = '', value = '', ...rest] = args.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const own = [...outputSettings, ...channelCommands.filter((c) => c.key === 'ooc')];
  if (!name) {
    ctx.reply(
      [
        'Your settings (set <setting> <value> changes one):',
        hanging('  colour:', `${describeSetting(session, 'colour')} (on, off, auto)`),
        hanging('  screenreader:', `${describeSetting(session, 'screenReader')} (on, off, auto)`),
        hanging('  ooc:', `${onOoc(ctx.tavern, ctx.actor) ? 'on' : 'off'} (on, off)`),
        hanging('  public:', `${ctx.tavern.store.isPublic(ctx.actor.key) ? 'on' : 'off'} (on, off: on the lists of the richest and the wins, and the tavern page)`),
      ].join('\n'),
    );
    return;
  }
  if (name === 'public') {
    setPublic(ctx, value, rest);
    return;
  }
  const command = own.find((c) => c.key === name || c.aliases?.includes(name));
  if (!command) {
    ctx.reply(`There is no setting called "${name}"; the settings are colour, screenreader, ooc and public.`);
    return;
  }
  if (!value || rest.length) {
    ctx.reply(`Usage: set ${command.key} ${command.key === 'ooc' ? 'on|off' : 'on|off|auto'}`);
    return;
  }
  if (command.key === 'ooc' && value !== 'on' && value !== 'off') {
    ctx.reply('Usage: set ooc on|off');
    return;
  }
  command.run(ctx, value);
}

/** `set public on|off`: whether `top`, `top wins`, the tavern page and its API show the character. */
function setPublic(ctx: CommandContext, value: string, rest: string[]): void {
  if ((value !== 'on' && value !== 'off') || rest.length) {
    ctx.reply('Usage: set public on|off');
    return;
  }
  // Unset is public (the default), so that the setting is kept only for those who turn it off.
  ctx.tavern.store.record({ kind: 'prefs', key: ctx.actor.key, prefs: { public: value === 'on' ? null : false } });
  ctx.reply(
    value === 'on'
      ? 'You are public: the lists of the richest and the wins (top) and the tavern page show you.'
      : 'You are private: no list (top, top wins), no tavern page and no API answer shows you, nor your coins or wins.',
  );
}

export const settingCommands: TavernCommand[] = [
  ...outputSettings,
  {
    key: 'set',
    usage: 'set [<setting> <value>]',
    group: 'Settings',
    help: 'Show all your settings (colour, screenreader, ooc, public), or change one: set colour off. set public off keeps you off the lists of the richest and the wins and off the tavern page. Each is kept with your character.',
    run: set,
  },
];
