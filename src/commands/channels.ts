import { hanging, paint } from '../text/markup.js';
import { capitalise } from '../text/names.js';
import type { CommandContext, Tavern, TavernCommand } from '../world/tavern.js';
import type { Player } from '../world/player.js';
import { named, quoted } from '../output/palette.js';
import { mayTalk, said } from './speech.js';

/** Channels: words that reach beyond the room. A tell reaches one player anywhere; ooc, everyone on it. */

/** Whether a character hears the out-of-character channel: everyone does until `ooc off`. */
export function onOoc(tavern: Tavern, p: Player): boolean {
  return tavern.store.character(p.key)?.prefs.ooc !== false;
}

/**
 * An announcement to everyone in the tavern, on its own channel (GMCP `announce`): the one
 * function an admin's `announce` calls. `by` is who makes it.
 */
export function announce(tavern: Tavern, by: string, text: string): void {
  const line = paint('channel', `[Announcement] ${by}: ${text}`);
  tavern.tell(tavern.players.values(), said('announce', by, line));
}

function tell(ctx: CommandContext, args: string): void {
  const m = /^(\S+)\s+(.+)$/s.exec(args);
  if (!m) {
    ctx.reply('Usage: tell <name> <text>');
    return;
  }
  const [, who, text] = m;
  const { tavern, actor } = ctx;
  // A private word goes only to the name written in full: a prefix could reach the wrong person.
  const target = tavern.players.get(who.toLowerCase());
  if (target === actor) {
    ctx.reply('You tell yourself. It helps a little.');
    return;
  }
  if (!target) {
    ctx.reply(`Nobody called ${capitalise(who)} is in the tavern right now.`);
    return;
  }
  if (!target.session) {
    ctx.reply(`${target.name} is lost in thought (their connection dropped) and cannot hear you.`);
    return;
  }
  if (!mayTalk(ctx, 'tell', text)) return;
  tavern.tell(actor, said('tell', actor.name, `You tell ${named(target.name)}, ${quoted(text)}`));
  tavern.tell(target, said('tell', actor.name, `${named(actor.name)} tells you, ${quoted(text)}`));
}

function ooc(ctx: CommandContext, args: string): void {
  const { tavern, actor } = ctx;
  const setting = args.toLowerCase();
  if (setting === 'on' || setting === 'off') {
    const on = setting === 'on';
    if (onOoc(tavern, actor) === on) {
      ctx.reply(on ? 'You are on the ooc channel already.' : 'You are off the ooc channel already.');
      return;
    }
    tavern.store.record({ kind: 'prefs', key: actor.key, prefs: { ooc: on } });
    ctx.reply(on ? 'You join the ooc channel.' : 'You leave the ooc channel; ooc on joins it again.');
    return;
  }
  if (!onOoc(tavern, actor)) {
    ctx.reply(args ? 'You are off the ooc channel; type ooc on to join it again.' : 'You are off the ooc channel. ooc on joins it.');
    return;
  }
  if (!args) {
    ctx.reply('You are on the ooc channel. ooc <text> speaks on it; ooc off leaves it.');
    return;
  }
  if (!mayTalk(ctx, 'ooc', args)) return;
  const line = paint('channel', `[ooc] ${actor.name}: ${args}`);
  tavern.tell(tavern.players.values(), (p) => (onOoc(tavern, p) ? said('ooc', actor.name, line) : null));
}

function shout(ctx: CommandContext, args: string): void {
  const { tavern, actor } = ctx;
  if (!mayTalk(ctx, 'shout', args)) return;
  // In character, like say, but every room of the tavern hears it.
  tavern.tell(tavern.players.values(), (p) => said('shout', actor.name, p === actor ? `You shout, ${quoted(args)}` : `${named(actor.name)} shouts, ${quoted(args)}`));
}

/** Every channel in one list, with whether you hear it: what `ooc off` and the like have done. */
function channels(ctx: CommandContext): void {
  const row = (head: string, body: string) => hanging(`  ${head}`, body, 11);
  ctx.reply(
    [
      'Your channels:',
      row('say', 'the room you are in (also emote and the socials)'),
      row('whisper', 'one person in the room; the others see that you whisper'),
      row('tell', 'one player anywhere in the tavern'),
      row('shout', 'every room of the tavern, in character'),
      row('ooc', `everyone on the out-of-character channel (also chat): you are ${onOoc(ctx.tavern, ctx.actor) ? 'on it (ooc off leaves)' : 'off it (ooc on joins)'}`),
    ].join('\n'),
  );
}

export const channelCommands: TavernCommand[] = [
  {
    key: 'tell',
    usage: 'tell <name> <text>',
    group: 'Channels',
    needsArgs: true,
    help: 'Say something to one player wherever they are in the tavern; only they hear it. Write their name in full.',
    run: tell,
  },
  {
    key: 'ooc',
    aliases: ['chat'],
    usage: 'ooc <text> | ooc on | ooc off',
    group: 'Channels',
    help: 'Speak out of character to everyone on the ooc channel, wherever they are. Everyone is on it until ooc off; ooc on joins again.',
    run: ooc,
  },
  {
    key: 'shout',
    usage: 'shout <text>',
    group: 'Channels',
    needsArgs: true,
    help: 'Shout in character so that every room of the tavern hears you.',
    run: shout,
  },
  {
    key: 'channels',
    usage: 'channels',
    group: 'Channels',
    help: 'List the ways your words travel (say, whisper, tell, shout, ooc) and whether you are on the ooc channel.',
    run: channels,
  },
];
