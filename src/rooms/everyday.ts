import { formatCoins, parseAmount } from './amount.js';
import { wrap } from './commands.js';
import { hanging, paint } from '../telnet/markup.js';
import { charAccount, escrowAccount } from '../store/ledger.js';
import type { CommandContext, TavernCommand } from './tavern.js';
import { DIRECTION_LETTERS, DIRECTIONS, directionOf, matchKeyword, OPPOSITE, type Direction, type NpcData, type ObjectData } from './world.js';
import type { GameInfo } from './tables.js';

/** The everyday verbs of the tavern. Each declares its own help. */

function arrivalFrom(dir: Direction): string {
  const from = OPPOSITE[dir];
  return from === 'up' ? 'from above' : from === 'down' ? 'from below' : `from the ${from}`;
}

function move(ctx: CommandContext, dir: Direction): void {
  const { tavern, actor, room } = ctx;
  const to = room.exits[dir];
  if (!to) {
    ctx.reply(`You cannot go ${dir} from here. ${exitsLine(ctx)}`);
    return;
  }
  if (actor.seat) {
    ctx.reply(`You are seated at ${actor.seat.data.name}; stand up first.`);
    return;
  }
  tavern.toRoom(room.id, `${actor.name} leaves ${dir}.`, [actor]);
  tavern.store.record({ kind: 'room', key: actor.key, room: to });
  tavern.toRoom(to, `${actor.name} arrives ${arrivalFrom(dir)}.`, [actor]);
  look({ ...ctx, room: tavern.roomOf(actor) }, '');
}

function exitsLine(ctx: CommandContext): string {
  const dirs = DIRECTIONS.filter((d) => ctx.room.exits[d]);
  return dirs.length ? `Exits: ${dirs.map((d) => paint('exit', d)).join(', ')}.` : 'There is no way out.';
}

function look(ctx: CommandContext, args: string): void {
  const { tavern, actor, room } = ctx;
  const width = Math.min(Math.max(actor.session?.width ?? 80, 40), 100) - 2;
  const target = args.replace(/^(at|in|on)\s+/i, '').trim();
  if (!target) {
    const lines = [paint('room', room.name), wrap(room.description, width)];
    for (const t of tavern.tablesIn(room.id)) {
      const who = t.seats.map((p) => p.name);
      lines.push(`${capitalFirst(t.data.short)} is here${who.length ? `; seated: ${who.join(', ')}` : ''}.`);
    }
    for (const npc of room.npcs) lines.push(npc.short);
    for (const p of tavern.playersIn(room.id)) if (p !== actor) lines.push(`${p.name} is here${p.seat ? `, seated at ${p.seat.data.name}` : ''}.`);
    const away = [...tavern.players.values()].filter((p) => p.room === room.id && !p.session);
    for (const p of away) lines.push(`${p.name} sits motionless, lost in thought.`);
    lines.push(exitsLine(ctx));
    ctx.reply(lines.join('\n'));
    return;
  }
  const dice = /^dice(?:\s+(?:on\s+|at\s+)?(.+))?$/i.exec(target);
  if (dice) {
    const table = dice[1] ? tavern.findTable(room.id, dice[1]) : actor.seat ?? tavern.tablesIn(room.id)[0];
    ctx.reply(table ? table.describeDice() : dice[1] ? `There is no table "${dice[1]}" here.` : 'There are no dice here.');
    return;
  }
  if (['me', 'self'].includes(target.toLowerCase())) {
    ctx.reply(`You are ${actor.name}, carrying ${formatCoins(tavern.ledger.balance(charAccount(actor.key)))} obsidian coins.`);
    return;
  }
  const dir = directionOf(target);
  if (dir) {
    const to = room.exits[dir];
    ctx.reply(to ? `To the ${dir} lies ${tavern.world.rooms.get(to)!.name}.` : `There is nothing special ${dir === 'up' || dir === 'down' ? dir : `to the ${dir}`}.`);
    return;
  }
  const table = tavern.findTable(room.id, target);
  if (table) {
    ctx.reply(`${wrap(table.data.description, width)}\n${table.describe(actor)}`);
    return;
  }
  const person = tavern.findPlayer(target, tavern.playersIn(room.id));
  if (person) {
    const seat = person.seat ? ` ${person.name} is seated at ${person.seat.data.name}.` : '';
    ctx.reply(`${person.name} is a traveller of the wastes, sun-browned and watchful.${seat}`);
    return;
  }
  const thing = matchKeyword<ObjectData | NpcData>([...room.npcs, ...room.objects], (o) => o.keywords, target);
  if (thing) {
    ctx.reply(wrap(thing.description, width));
    return;
  }
  ctx.reply(`You see no "${target}" here.`);
}

function capitalFirst(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Finds a dealer NPC in the room by name or keyword. */
function findNpc(ctx: CommandContext, query: string): NpcData | undefined {
  return matchKeyword(ctx.room.npcs, (n) => n.keywords, query);
}

const directionCommands: TavernCommand[] = DIRECTIONS.map((dir) => ({
  key: dir,
  aliases: [DIRECTION_LETTERS[dir]],
  usage: dir,
  group: 'Moving',
  help: `Walk ${dir === 'up' || dir === 'down' ? dir : dir + 'wards'}, if there is a way.`,
  run: (ctx: CommandContext) => move(ctx, dir),
}));

export function everydayCommands(games: GameInfo[]): TavernCommand[] {
  return [
    {
      key: 'look',
      aliases: ['l'],
      usage: 'look [<thing> | <person> | <table> | dice <table> | <direction>]',
      group: 'Looking',
      help: 'Look at the room, or at something or someone in it. `look <table>` shows the game on it; `look dice <table>` shows the last throw there.',
      run: look,
    },
    ...directionCommands,
    {
      key: 'go',
      usage: 'go <direction>',
      group: 'Moving',
      needsArgs: true,
      help: 'Walk in a direction: north, east, south, west, up or down.',
      run(ctx, args) {
        const dir = directionOf(args);
        if (dir) move(ctx, dir);
        else ctx.reply(`"${args}" is not a direction. ${exitsLine(ctx)}`);
      },
    },
    {
      key: 'exits',
      usage: 'exits',
      group: 'Moving',
      help: 'List the ways out of the room and where they lead.',
      run(ctx) {
        const lines = DIRECTIONS.filter((d) => ctx.room.exits[d]).map(
          (d) => `  ${d.padEnd(6)} ${ctx.tavern.world.rooms.get(ctx.room.exits[d]!)!.name}`,
        );
        ctx.reply(lines.length ? `Ways out:\n${lines.join('\n')}` : 'There is no way out.');
      },
    },
    {
      key: 'say',
      aliases: ["'"],
      usage: 'say <text>   (or \'<text>)',
      group: 'Talking',
      needsArgs: true,
      help: 'Say something aloud to everyone in the room.',
      run(ctx, args) {
        ctx.reply(`You say, '${args}'`);
        ctx.tavern.toRoom(ctx.room.id, `${ctx.actor.name} says, '${args}'`, [ctx.actor]);
      },
    },
    {
      key: 'emote',
      aliases: [':'],
      usage: 'emote <action>   (or :<action>)',
      group: 'Talking',
      needsArgs: true,
      help: 'Show the room what you do: `emote grins` shows "Ana grins."',
      run(ctx, args) {
        const text = `${ctx.actor.name} ${args}`;
        ctx.tavern.toRoom(ctx.room.id, /[.!?]$/.test(text) ? text : `${text}.`);
      },
    },
    {
      key: 'whisper',
      usage: 'whisper <name> <text>',
      group: 'Talking',
      needsArgs: true,
      help: 'Whisper to someone in the room: only they hear the words; the room sees that you whispered. Bets for Lich Bones can be whispered to Dreaven (whisper dreaven hero 5000).',
      run(ctx, args) {
        const m = /^(\S+)\s+(.+)$/s.exec(args);
        if (!m) {
          ctx.reply('Usage: whisper <name> <text>');
          return;
        }
        const [, who, text] = m;
        const { tavern, actor, room } = ctx;
        const npc = findNpc(ctx, who);
        if (npc) {
          ctx.reply(`You whisper to ${npc.name}, '${text}'`);
          tavern.toRoom(room.id, `${actor.name} whispers something to ${npc.name}.`, [actor]);
          const table = npc.dealerOf ? tavern.tables.get(npc.dealerOf) : undefined;
          if (!table?.whisper(actor, text, ctx.reply)) ctx.reply(`${npc.name} only nods politely.`);
          return;
        }
        const target = tavern.findPlayer(who, tavern.playersIn(room.id));
        if (!target) {
          ctx.reply(`There is nobody called "${who}" here to whisper to.`);
          return;
        }
        if (target === actor) {
          ctx.reply('You mutter to yourself.');
          return;
        }
        ctx.reply(`You whisper to ${target.name}, '${text}'`);
        tavern.tell(target, `${actor.name} whispers to you, '${text}'`);
        tavern.toRoom(room.id, `${actor.name} whispers something to ${target.name}.`, [actor, target]);
      },
    },
    {
      key: 'who',
      usage: 'who',
      group: 'Talking',
      help: 'List the characters in the tavern right now.',
      run(ctx) {
        const all = [...ctx.tavern.players.values()].sort((a, b) => a.name.localeCompare(b.name));
        const lines = all.map((p) => `  ${p.name.padEnd(17)}${p.session ? '' : '(lost in thought)'}`.trimEnd());
        ctx.reply(`${all.length} in ${ctx.tavern.world.name}:\n${lines.join('\n')}`);
      },
    },
    {
      key: 'inventory',
      aliases: ['i'],
      usage: 'inventory',
      group: 'Coins',
      help: 'Count your obsidian coins, and the coins you have on tables.',
      run(ctx) {
        const { tavern, actor } = ctx;
        const coins = tavern.ledger.balance(charAccount(actor.key));
        const lines = [`You are carrying ${formatCoins(coins)} obsidian coins.`];
        for (const t of tavern.tables.values()) {
          const staked = tavern.ledger.balance(escrowAccount(t.id, actor.key));
          if (staked > 0) lines.push(`You have ${formatCoins(staked)} obsidian coins on ${t.data.name}.`);
        }
        ctx.reply(lines.join('\n'));
      },
    },
    {
      key: 'give',
      usage: 'give <n> coins to <name>',
      group: 'Coins',
      needsArgs: true,
      help: 'Hand coins to someone in the room: `give 50 coins to ana`, `give 1,000 coins to ana`.',
      run(ctx, args) {
        const m = /^(\S+)\s+(?:obsidian\s+)?(?:coins?\s+)?to\s+(\S+)$/i.exec(args);
        if (!m) {
          ctx.reply('Usage: give <n> coins to <name>');
          return;
        }
        const amount = parseAmount(m[1]);
        if (!amount.ok) {
          ctx.reply(amount.reason);
          return;
        }
        const { tavern, actor, room } = ctx;
        if (findNpc(ctx, m[2])) {
          ctx.reply(`${findNpc(ctx, m[2])!.name} pushes your coins back: "Bet them at the table, friend."`);
          return;
        }
        const target = tavern.findPlayer(m[2], tavern.playersIn(room.id));
        if (!target) {
          ctx.reply(`There is nobody called "${m[2]}" here.`);
          return;
        }
        if (target === actor) {
          ctx.reply('You move the coins from one hand to the other.');
          return;
        }
        const have = tavern.ledger.balance(charAccount(actor.key));
        if (amount.value > have) {
          ctx.reply(`You have only ${formatCoins(have)} obsidian coins.`);
          return;
        }
        const r = tavern.ledger.transfer([
          { from: charAccount(actor.key), to: charAccount(target.key), amount: amount.value, why: `gift from ${actor.name} to ${target.name}` },
        ]);
        if (!r.ok) {
          ctx.reply(`You have only ${formatCoins(have)} obsidian coins.`);
          return;
        }
        const n = formatCoins(amount.value);
        const coins = amount.value === 1 ? 'obsidian coin' : 'obsidian coins';
        ctx.reply(`You give ${n} ${coins} to ${target.name}.`);
        tavern.tell(target, `${actor.name} gives you ${n} ${coins}.`);
        tavern.toRoom(room.id, `${actor.name} gives some coins to ${target.name}.`, [actor, target]);
      },
    },
    {
      key: 'sit',
      usage: 'sit <table>',
      group: 'Tables',
      help: 'Take a seat at a table to play its game: `sit sand`, `sit bones`, `sit 2.table`.',
      run(ctx, args) {
        const { tavern, actor, room } = ctx;
        const tables = tavern.tablesIn(room.id);
        const table = args ? tavern.findTable(room.id, args) : tables.length === 1 ? tables[0] : undefined;
        if (!table) {
          ctx.reply(tables.length ? `There is no table "${args}" here. Try: sit ${tables[0].data.keywords[1] ?? 'table'}.` : 'There is no table here to sit at.');
          return;
        }
        const problem = table.sit(actor);
        if (problem) ctx.reply(problem);
      },
    },
    {
      key: 'stand',
      usage: 'stand',
      group: 'Tables',
      help: 'Get up from your table. What happens to a game in progress depends on the game (help <game>).',
      run(ctx) {
        if (!ctx.actor.seat) ctx.reply('You are not sitting at a table.');
        else ctx.actor.seat.stand(ctx.actor, 'stand');
      },
    },
    {
      key: 'roll',
      usage: 'roll dice <table>',
      group: 'Tables',
      help: 'Throw the dice at a dice table, when the throw is yours.',
      run(ctx, args) {
        const { tavern, actor, room } = ctx;
        const m = /^(?:dice|die)?\s*(?:on\s+|at\s+)?(.*)$/i.exec(args)!;
        const table = m[1] ? tavern.findTable(room.id, m[1]) : actor.seat ?? undefined;
        if (!table) {
          ctx.reply(m[1] ? `There is no table "${m[1]}" here.` : 'Usage: roll dice <table>');
          return;
        }
        table.roll(actor, ctx.reply);
      },
    },
    {
      key: 'help',
      usage: 'help [<command> | <game> | <topic>]',
      group: 'Help',
      help: 'List the commands, or explain one command, game or topic.',
      run: (ctx, args) => ctx.reply(helpText(ctx, args, games)),
    },
    {
      key: 'quit',
      usage: 'quit',
      group: 'Help',
      exactOnly: true,
      help: 'Leave the tavern. Your coins and your place are saved. If you are seated, you leave your table.',
      run: (ctx) => ctx.tavern.quit(ctx.actor),
    },
  ];
}

function helpText(ctx: CommandContext, topic: string, games: GameInfo[]): string {
  const { tavern, actor } = ctx;
  const t = topic.trim().toLowerCase().replace(/[’']/g, '');
  if (!t) {
    const groups = new Map<string, string[]>();
    for (const c of tavern.commands.all()) {
      const words = [c.key, ...(c.aliases ?? [])].join('/');
      groups.set(c.group, [...(groups.get(c.group) ?? []), words]);
    }
    const lines = [...groups].map(([g, words]) => hanging(`  ${g}:`, words.join(', '), 12));
    const gameLines = games.map((g) => `  help ${g.title.toLowerCase().replace(/'/g, '')}`);
    return [
      'Commands (help <command> for more):',
      ...lines,
      'Games (sit at a table to play; their verbs work while you are seated):',
      ...gameLines,
    ].join('\n');
  }
  const game = games.find((g) => g.title.toLowerCase().replace(/'/g, '') === t || g.id === t.replace(/\s+/g, '-'));
  if (game) {
    const table = [...tavern.tables.values()].find((tb) => tb.definition === game);
    const verbs = table ? table.commands.all().map((c) => hanging(`  ${c.usage}`, firstSentence(c.help), 36)) : [];
    return [game.help(table?.data.settings ?? {}), ...(verbs.length ? ['Verbs at the table:', ...verbs] : [])].join('\n');
  }
  for (const g of games) {
    const extra = g.topics && Object.hasOwn(g.topics, t) ? g.topics[t] : undefined;
    if (extra) {
      const table = [...tavern.tables.values()].find((tb) => tb.definition === g);
      return extra(table?.data.settings ?? {});
    }
  }
  const sets = [actor.seat?.commands, tavern.commands, ...[...tavern.tables.values()].map((tb) => tb.commands)];
  for (const set of sets) {
    if (!set) continue;
    const found = set.find(t.split(/\s+/)[0]);
    if ('found' in found) {
      const c = found.found;
      const aka = c.aliases?.length ? ` (also: ${c.aliases.join(', ')})` : '';
      return `Usage: ${c.usage}${aka}\n${c.help}`;
    }
  }
  return `There is no help on "${topic}". Type help for the list.`;
}

function firstSentence(text: string): string {
  const m = /^.*?[.!?](\s|$)/.exec(text);
  return (m ? m[0] : text).trim();
}
