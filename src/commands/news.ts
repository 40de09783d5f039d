import { hanging } from '../text/markup.js';
import type { CommandContext, TavernCommand } from '../world/tavern.js';

/** The world around the tavern: what time it is out there (`time`) and the host's notices (`news`). */

/** The desert's part of the day at an hour (0-23). */
export function partOfDay(hour: number): string {
  if (hour < 5) return 'the dead of night';
  if (hour < 7) return 'dawn';
  if (hour < 11) return 'morning';
  if (hour < 14) return 'the white heat of midday';
  if (hour < 17) return 'afternoon';
  if (hour < 20) return 'dusk';
  return 'night';
}

function time(ctx: CommandContext): void {
  // The tavern's clock is the server's, in UTC, so every player reads the same hour.
  const now = new Date(ctx.tavern.clock.now());
  const hhmm = now.toISOString().slice(11, 16);
  const day = now.toLocaleDateString('en-GB', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
  ctx.reply(`It is ${partOfDay(now.getUTCHours())} over the desert: ${hhmm} by the tavern's clock (UTC), ${day}.`);
}

function news(ctx: CommandContext): void {
  const notices = ctx.tavern.world.news;
  if (!notices.length) {
    ctx.reply('No news: the host has posted nothing.');
    return;
  }
  ctx.reply(['News, newest first:', ...notices.map((n) => hanging('  -', n, 4))].join('\n'));
}

export const newsCommands: TavernCommand[] = [
  {
    key: 'time',
    usage: 'time',
    group: 'The tavern',
    help: "What time of day it is over the desert, by the tavern's clock (UTC).",
    run: time,
  },
  {
    key: 'news',
    usage: 'news',
    group: 'The tavern',
    help: "The host's notices, newest first.",
    run: news,
  },
];
