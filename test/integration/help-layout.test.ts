/**
 * Help through the output path: every command's help, every game's help and verbs, and every
 * topic (`help odds`), as the server writes them, rendered by the telnet output path at 80 and
 * at 40 columns, for sighted readers and for screen readers. No line is wider than the screen,
 * nothing is lost, and a wrapped line's continuation lines hang under its column.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import stringWidth from 'string-width';
import { startTestServer, type TestServer } from '../support/server.js';
import { chooseContent, clean, render, type RenderProfile } from '../../src/telnet/render.js';
import { HANG } from '../../src/text/markup.js';
import { recordingSession } from '../support/tavern.js';
import type { Player } from '../../src/world/player.js';

let ts: TestServer;
let player: Player;
/** Every help text, by the line that asked for it. */
const texts = new Map<string, string>();

const session = recordingSession();

async function ask(line: string): Promise<string> {
  const from = session.told.length;
  await ts.server.tavern.handleLine(player, line);
  return session.told.slice(from).join('\n');
}

beforeAll(async () => {
  // An admin, so the admin commands' help is laid out and checked too.
  ts = await startTestServer({ settings: { admins: ['Reader'] } });
  const { tavern } = ts.server;
  player = tavern.enter((await tavern.createCharacter('Reader', 'x'))!, session);
  const topics = ['help', 'help odds'];
  for (const c of tavern.commands.all()) topics.push(`help ${c.key}`);
  for (const t of tavern.tables.values()) topics.push(`help ${t.definition.title}`);
  for (const line of topics) texts.set(line, await ask(line));
  // Each game's verbs, asked while seated at its table.
  for (const t of tavern.tables.values()) {
    tavern.moveTo(player, t.roomId);
    expect(await ask(`sit ${t.data.keywords[1] ?? 'table'}`)).toMatch(/You take a seat/);
    for (const c of t.commands.all()) texts.set(`help ${c.key} (at ${t.data.name})`, await ask(`help ${c.key}`));
    await ask('stand');
  }
});

afterAll(async () => {
  await ts?.destroy();
});

/** Where a line's continuation lines must start: under its HANG mark, else under its first non-blank. */
function columnOf(line: string): number {
  const plain = line.replace(/\x0e./g, '').replace(/\x0f/g, '');
  const mark = plain.indexOf(HANG);
  return mark >= 0 ? stringWidth(plain.slice(0, mark)) : /^ */.exec(plain)![0].length;
}

/** The text without marks or spaces: what must survive wrapping (a word wider than the screen is cut). */
const letters = (text: string) => text.replace(/\x0e./g, '').replace(/[\x0f\x0b\s]/g, '');

/** Checks one line of help as the output path shows it at `width`; returns how many lines it became. */
function checkLine(line: string, profile: RenderProfile, where: string): number {
  const shown = render(line, profile).split('\n');
  for (const l of shown) expect(stringWidth(l), `${where}: "${l}"`).toBeLessThanOrEqual(profile.width);
  expect(letters(shown.join('')), where).toBe(letters(line));
  const column = columnOf(line);
  if (profile.width - column >= 20) {
    // Every continuation line starts right under the column.
    for (const l of shown.slice(1)) expect(/^ */.exec(l)![0].length, `${where}: "${l}" under column ${column}`).toBe(column);
  } else {
    // Too narrow for the column: the head on lines of its own (as a line by itself is shown), then the text four columns in.
    const head = line.slice(0, Math.max(line.indexOf(HANG), 0)).trimEnd();
    const heads = head.trim() ? render(head, profile).split('\n') : [];
    expect(shown.slice(0, heads.length), where).toEqual(heads);
    for (const l of shown.slice(heads.length)) expect(/^ */.exec(l)![0].length, `${where}: "${l}" four columns in`).toBe(4);
  }
  return shown.length;
}

describe('help at every width', () => {
  it('asks for every command, game and topic', () => {
    expect(texts.size).toBeGreaterThan(40);
    expect(texts.get('help odds')).toMatch(/ATTACK 4\/10/);
    expect(texts.get("help Dragon's Lair")).toMatch(/Verbs at the table:/);
    for (const [line, text] of texts) expect(text, line).not.toMatch(/There is no help/);
  });

  for (const width of [80, 40]) {
    for (const screenReader of [false, true]) {
      it(`fits ${width} columns${screenReader ? ' for a screen reader' : ''}, each wrapped line hanging under its column`, () => {
        const profile: RenderProfile = { colour: 0, screenReader, ascii: false, width };
        let wrapped = 0;
        for (const [asked, text] of texts) {
          const lines = chooseContent(clean(text), screenReader, width).split('\n');
          // The whole text is shown exactly as its lines one by one.
          expect(render(text, profile)).toBe(lines.map((l) => render(l, profile)).join('\n'));
          for (const [i, line] of lines.entries()) if (checkLine(line, profile, `${asked}, line ${i + 1}`) > 1) wrapped++;
        }
        // The paragraphs do wrap: this test looks at real continuation lines.
        expect(wrapped).toBeGreaterThan(width === 40 ? 100 : 20);
      });
    }
  }
});
