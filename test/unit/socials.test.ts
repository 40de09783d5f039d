import { describe, expect, it } from 'vitest';
import { DEFAULT_SOCIALS, socialLine } from '../../src/world/socials.js';
import { parseWorld } from '../../src/world/world.js';
import { everydayCommands } from '../../src/commands/index.js';

const room = { id: 'a', name: 'A', description: 'x' };
const world = (socials: unknown) => ({ name: 'W', start: 'a', rooms: [room], socials });

function problems(socials: unknown): string[] {
  try {
    parseWorld(world(socials));
    return [];
  } catch (e) {
    return (e as Error).message.split('\n').slice(1).map((l) => l.trim());
  }
}

describe('socials in the world data', () => {
  it('ship at least smile nod bow laugh wave grin shrug sigh cheer, each alone and at someone', () => {
    const socials = parseWorld(world(undefined)).socials;
    for (const verb of ['smile', 'nod', 'bow', 'laugh', 'wave', 'grin', 'shrug', 'sigh', 'cheer']) {
      const s = socials.get(verb)!;
      expect(socialLine(s.alone!.actor, 'Ana')).toMatch(/^You /);
      expect(socialLine(s.alone!.room, 'Ana')).toMatch(/^Ana /);
      expect(socialLine(s.at!.actor, 'Ana', 'Bex')).toMatch(/^You .*Bex/);
      expect(socialLine(s.at!.target, 'Ana', 'Bex')).toMatch(/^Ana .*you/);
      expect(socialLine(s.at!.room, 'Ana', 'Bex')).toMatch(/^Ana .*Bex/);
    }
  });

  it('take a host\'s own verbs, and their rewording of a shipped one', () => {
    const socials = parseWorld(world({
      wink: { alone: { actor: 'You wink.', room: '{actor} winks.' }, at: { actor: 'You wink at {target}.', target: '{actor} winks at you.', room: '{actor} winks at {target}.' } },
      hug: { at: { actor: 'You hug {target}.', target: '{actor} hugs you.', room: '{actor} hugs {target}.' } },
      smile: { alone: { actor: 'You smile wryly.', room: '{actor} smiles wryly.' } },
    })).socials;
    expect(socials.get('wink')!.at!.target).toBe('{actor} winks at you.');
    expect(socials.get('hug')!.alone).toBeUndefined();
    expect(socials.get('smile')).toEqual({ alone: { actor: 'You smile wryly.', room: '{actor} smiles wryly.' } });
    expect(socials.get('nod')).toEqual(DEFAULT_SOCIALS.nod);
  });

  it('say what is wrong with each broken one, one line each', () => {
    expect(problems([])).toEqual(['socials must be an object of verbs, e.g. { "wink": { "alone": {...}, "at": {...} } }']);
    expect(problems({
      Wink: { alone: { actor: 'You wink.', room: '{actor} winks.' } },
      poke: { at: { actor: 'You poke.', target: 'Someone pokes you.', room: '{actor} pokes {who}.' } },
      hum: { alone: { actor: 'You hum {target}.', room: '{actor} hums.' }, loud: {} },
      nap: {},
      yawn: { alone: { actor: '', room: 'x'.repeat(300), you: 'hi' } },
    })).toEqual([
      'socials: "Wink" is not a verb (2 to 16 lower-case letters)',
      'socials.poke.at.actor must name {target}',
      'socials.poke.at.target must name {actor}',
      'socials.poke.at.room: {who} cannot stand in this line (it may name {actor} and {target})',
      'socials.poke.at.room must name {target}',
      'socials.hum.alone.actor: {target} cannot stand in this line',
      'socials.hum: "loud" is not a form of a social (alone, at)',
      'socials.nap needs "alone" or "at" lines',
      'socials.yawn.alone: "you" is not one of its lines (actor, room)',
      'socials.yawn.alone.actor must be a line of text (at most 200 characters)',
      'socials.yawn.alone.room must be a line of text (at most 200 characters)',
    ]);
  });

  it('may not take the name of a command', () => {
    const socials = parseWorld(world({ look: { alone: { actor: 'You look.', room: '{actor} looks.' } } })).socials;
    expect(() => everydayCommands([], socials)).toThrow('world: the social "look" has the name of a command; call it something else');
  });
});
