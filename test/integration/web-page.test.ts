/**
 * The page in Chromium against a stand-in server that sends exactly the messages of
 * docs/web.md and docs/gmcp.md: what the page shows and sends, whatever the game server does.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { paint } from '../../src/text/markup.js';
import { poll, noBrowser, type Browser } from '../support/browser.js';
import { lairHand, lairTable, NOW, sandTable, TABLES } from '../support/pageTables.js';
import { gmcp, lineArrives, StandIn } from '../support/standIn.js';

const stand = new StandIn();
let browser: Browser;
const openPage = () => stand.openPage();

describe.skipIf(noBrowser)('the web page in Chromium', () => {
  // Building the page and starting Chromium take a while on a busy machine.
  beforeAll(async () => {
    await stand.start();
    browser = stand.browser;
  }, 120_000);

  afterAll(() => stand.close());

  beforeEach(async () => {
    await browser.page.setViewportSize({ width: 1280, height: 800 });
    browser.errors.length = 0;
  });

  it('renders the marks as spans, one class per style; art is hidden from screen readers, spoken is only for them; text never becomes HTML', async () => {
    const link = await openPage();
    const { page } = browser;
    await poll(() => page.locator('#output').textContent()).toContain('Welcome to the Obsidian Scorpion.');
    link.connection.send({
      type: 'text',
      text: [
        paint('room', 'The Common Room'),
        `You ${paint('won', `won ${paint('coins', '500')} obsidian coins`)}.`,
        `${paint('art', '+---+---+\n| 3 | 4 |')}${paint('spoken', 'Square 3 holds nothing.')}`,
        'Bex says, \'<img src=x onerror="document.title=1">&amp;\'',
      ].join('\n'),
    });
    await poll(() => page.locator('#output .m-room').textContent()).toBe('The Common Room');
    expect(await page.locator('#output .m-won .m-coins').textContent()).toBe('500');
    expect(await page.locator('#output .m-art').getAttribute('aria-hidden')).toBe('true');
    const spoken = page.locator('#output .m-spoken');
    expect(await spoken.textContent()).toBe('Square 3 holds nothing.');
    const box = await spoken.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(1);
    expect(await page.locator('#output img').count()).toBe(0);
    expect(await page.locator('#output').textContent()).toContain('<img src=x onerror="document.title=1">&amp;');
    expect(await page.title()).toBe('The Obsidian Scorpion');
    expect(await page.locator('#output').getAttribute('role')).toBe('log');
    expect(await page.locator('#output').getAttribute('aria-live')).toBe('polite');
    expect(browser.errors).toEqual([]);
  });

  it('sends each line on Enter, walks the history with Up and Down, and echoes a login with its password hidden', async () => {
    const link = await openPage();
    const { page } = browser;
    const input = page.locator('#line');
    await poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('create Wanda secret123');
    await page.keyboard.press('Enter');
    await page.keyboard.type('look');
    await page.keyboard.press('Enter');
    await page.keyboard.type('say hi');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter'); // an empty line is a line too
    expect(await lineArrives(link, 4)).toEqual(['create Wanda secret123', 'look', 'say hi', '']);
    const echoed = await page.locator('#output .echo').allTextContents();
    expect(echoed.slice(0, 3)).toEqual(['create Wanda ••••••••', 'look', 'say hi']);
    expect(await page.locator('#output').textContent()).not.toContain('secret123');
    await page.keyboard.type('half-typ');
    await page.keyboard.press('ArrowUp');
    expect(await input.inputValue()).toBe('say hi');
    await page.keyboard.press('ArrowUp');
    expect(await input.inputValue()).toBe('look');
    await page.keyboard.press('ArrowUp'); // the login line is not kept
    expect(await input.inputValue()).toBe('look');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await input.inputValue()).toBe('half-typ');
  });

  it('masks the input while the server asks for a password, and keeps the password out of echo and history', async () => {
    const link = await openPage();
    const { page } = browser;
    const input = page.locator('#line');
    link.connection.send({ type: 'text', text: 'Welcome back, Wanda. Password:' });
    link.connection.send({ type: 'input', hidden: true });
    await poll(() => input.getAttribute('type')).toBe('password');
    await input.fill('hunter22');
    await page.keyboard.press('Enter');
    expect(await lineArrives(link, 1)).toEqual(['hunter22']);
    link.connection.send({ type: 'input', hidden: false });
    await poll(() => input.getAttribute('type')).toBe('text');
    expect(await page.locator('#output').textContent()).not.toContain('hunter22');
    await input.focus();
    await page.keyboard.press('ArrowUp');
    expect(await input.inputValue()).toBe('');
  });

  it('fills the panels from the GMCP data: coins, the room with exits a click or a key walks, and the Spice Run board with every wager and whose turn', async () => {
    const link = await openPage();
    const { page } = browser;
    gmcp(link, 'Char.Name', { name: 'Ana' });
    gmcp(link, 'Char.Status', { name: 'Ana', coins: 1000, room: 'common-room', table: null });
    gmcp(link, 'Room.Info', { id: 'common-room', name: 'The Obsidian Scorpion, Common Room', exits: { north: 'bones-room', east: 'card-room', south: 'street', up: 'roof' } });
    await poll(() => page.getByTestId('coins').textContent()).toMatch(/1,000\s*obsidian coins/);
    expect(await page.getByTestId('room-name').textContent()).toBe('The Obsidian Scorpion, Common Room');
    expect(await page.locator('.compass .exit').allTextContents()).toEqual([expect.stringContaining('north'), expect.stringContaining('up'), expect.stringContaining('east'), expect.stringContaining('south')]);
    await page.locator('[data-exit="north"]').click();
    expect(await lineArrives(link, 1)).toEqual(['north']);
    await poll(() => page.locator('#line').evaluate((el) => el === document.activeElement)).toBe(true);
    // Keyboard only: Tab from the command line to the panels, Enter on an exit.
    const focusedExit = () => page.evaluate(() => document.activeElement?.getAttribute('data-exit') ?? null);
    for (let tabs = 0; tabs < 15 && (await focusedExit()) !== 'east'; tabs++) await page.keyboard.press('Tab');
    expect(await focusedExit()).toBe('east');
    await page.keyboard.press('Enter');
    expect(await lineArrives(link, 2)).toEqual(['north', 'east']);

    gmcp(link, 'Char.Status', { name: 'Ana', coins: 950, room: 'common-room', table: 'sand-table' });
    // The last throw is the one the panel describes (Table.Dice is for scripts).
    gmcp(link, 'Table.State', sandTable({ turn: 'Bex', deadline: NOW + 90_000, roll: null, lastThrow: [3, 4], wagers: { 7: [{ player: 'Ana', amount: 50 }] } }));
    gmcp(link, 'Table.Dice', { table: 'sand-table', dice: [3, 4], total: 7 });
    await poll(() => page.getByTestId('coins').textContent()).toMatch(/950/);
    const square7 = page.locator('[data-table="sand-table"] [data-cell="7"]');
    await poll(() => square7.textContent()).toMatch(/Ana\s*50/);
    expect(await page.locator('[data-table="sand-table"] .players .turn').textContent()).toMatch(/Bex/);
    expect(await page.locator('[data-table="sand-table"] .dice').textContent()).toMatch(/3 and 4 \(7\)/);
    // The stand-in's clock is decades behind the browser's: the countdown goes by the message's `now`.
    expect(await page.getByTestId('countdown').textContent()).toMatch(/1:(29|30)/);
    gmcp(link, 'Table.State', sandTable({
      players: [{ name: 'Ana', seat: 1, connected: true }, { name: 'Bex', seat: 2, connected: false }],
      turn: 'Ana', deadline: null, roll: [4, 5], wagers: { 7: [{ player: 'Ana', amount: 50 }], 9: [{ player: 'Bex', amount: 1250 }] },
    }));
    await poll(() => page.locator('[data-table="sand-table"] [data-cell="9"]').textContent()).toMatch(/Bex\s*1,250/);
    expect(await page.locator('[data-table="sand-table"] [data-cell="9"]').getAttribute('class')).toMatch(/marked/);
    expect(await page.locator('[data-table="sand-table"] .dice').textContent()).toMatch(/To play:[^]*4 and 5 \(9\)/);
    expect(await page.getByTestId('countdown').count()).toBe(0);
    expect(await page.locator('[data-table="sand-table"] .players .away').textContent()).toMatch(/Bex/);
    await browser.screenshot('web-page-spice-run.png');

    // Walking into another room leaves that table behind.
    gmcp(link, 'Room.Info', { id: 'bones-room', name: 'The Bones Room', exits: { south: 'common-room' } });
    await poll(() => page.locator('[data-table]').count()).toBe(0);
    expect(browser.errors).toEqual([]);
  });

  it('shows the Lich Bones bets with the point and the HERO, and when each HERO bet was placed with the rate it pays', async () => {
    const link = await openPage();
    const { page } = browser;
    gmcp(link, 'Room.Info', TABLES['lich-bones'].room);
    gmcp(link, 'Table.State', TABLES['lich-bones'].state);
    await poll(() => page.getByTestId('hero').textContent()).toBe('Ana');
    expect(await page.getByTestId('point').textContent()).toBe('8');
    // Two HERO bets of the same coins: one placed before the opening roll, one on the point, at different rates.
    expect(await page.getByTestId('bets').locator('tbody tr').allInnerTexts()).toEqual([
      expect.stringMatching(/^Ana\s+HERO\s+before the opening roll, pays 1:1 \+10%\s+5,000$/),
      expect.stringMatching(/^Ana\s+HERO\s+on point 8, pays 9:10\s+5,000$/),
      expect.stringMatching(/^Bex\s+ATTACK 6\s+5,500$/),
    ]);
    expect(await page.getByTestId('countdown').getAttribute('class')).toMatch(/urgent/);
    await browser.screenshot('web-page-lich-bones.png');
    expect(browser.errors).toEqual([]);
  });

  it('shows your own Dragon\'s Lair hand and the lairs, with only how many cards others laid', async () => {
    const link = await openPage();
    const { page } = browser;
    gmcp(link, 'Room.Info', { id: 'card-room', name: 'The Card Room', exits: { west: 'common-room' } });
    gmcp(link, 'Char.Status', { name: 'Ana', coins: 1000, room: 'card-room', table: 'lair-table' });
    gmcp(link, 'Table.Hand', lairHand(['7h', '10d', 'ac', 'ks']));
    gmcp(link, 'Table.State', lairTable({ deadline: null, third: true }));
    await poll(() => page.getByTestId('hand').locator('.card').count()).toBe(4);
    expect(await page.getByTestId('hand').locator('.card').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-card')))).toEqual(['7h', '10d', 'ac', 'ks']);
    expect(await page.getByTestId('hand').textContent()).toContain('ace of clubs');
    const lairs = page.getByTestId('lairs');
    expect(await lairs.locator('li.cell').count()).toBe(3);
    expect(await lairs.locator('li.cell').first().textContent()).toMatch(/Lair 1[^]*queen of hearts[^]*strength 15[^]*Bex: 2 face down/);
    // A dragon face down is `"dragon": null` (docs/gmcp.md): the back of a card, and no strength.
    expect(await lairs.locator('li.cell').nth(1).locator('[data-card="face-down"]').count()).toBe(1);
    expect(await lairs.locator('li.cell').nth(1).textContent()).toMatch(/Lair 2\s*a dragon face down\s*$/);
    expect(await lairs.locator('li.cell').nth(2).textContent()).toMatch(/Lair 3\s*no dragon\s*$/);
    expect(await page.locator('.purse').textContent()).toMatch(/1,000\s*obsidian coins\s*Seated at the lair table/);
    await browser.screenshot('web-page-dragons-lair.png');
    expect(browser.errors).toEqual([]);
  });

  it('still draws the purse, the room and the other tables when one table\'s data cannot be drawn', async () => {
    const link = await openPage();
    const { page } = browser;
    // The order the server sends at a login in the card room: Room.Info, Table.State, Char.Status.
    gmcp(link, 'Char.Name', { name: 'Ana' });
    gmcp(link, 'Room.Info', TABLES['dragons-lair'].room);
    gmcp(link, 'Table.State', { ...TABLES['dragons-lair'].state, panel: { title: "Dragon's Lair", parts: [{ kind: 'board', label: 'The lairs', layout: 'list', cells: 7 }] } });
    gmcp(link, 'Table.State', { ...TABLES['lich-bones'].state, id: 'second-table' });
    gmcp(link, 'Char.Status', { name: 'Ana', coins: 950, room: 'card-room', table: 'lair-table' });
    await poll(() => page.getByTestId('coins').textContent()).toMatch(/950\s*obsidian coins/);
    expect(await page.getByTestId('room-name').textContent()).toBe('The Card Room');
    expect(await page.locator('[data-table="lair-table"]').textContent()).toMatch(/This page cannot draw this table; look tells it\./);
    expect(await page.locator('[data-table="second-table"] [data-testid="hero"]').textContent()).toBe('Ana');
    // The page says why in its console once, however often the panels are drawn again (each message, each second's countdown).
    gmcp(link, 'Char.Status', { name: 'Ana', coins: 940, room: 'card-room', table: 'lair-table' });
    gmcp(link, 'Char.Status', { name: 'Ana', coins: 930, room: 'card-room', table: 'lair-table' });
    await poll(() => page.getByTestId('coins').textContent()).toMatch(/930\s*obsidian coins/);
    expect(browser.errors).toEqual([expect.stringMatching(/^The panel of lair-table cannot be drawn: TypeError/)]);
  });

  it('looks like the tavern in play (the README\'s screenshot)', async () => {
    const link = await openPage();
    const { page } = browser;
    // The story of a real game's opening (seed 7), as the server marks it.
    const say = (text: string) => link.connection.send({ type: 'text', text });
    say([
      paint('room', 'The Obsidian Scorpion, Common Room'),
      'Mudbrick walls the colour of old bone hold back the heat of the day, and the air is thick',
      'with kank-milk ale, sweat and the smoke of a cactus-wood fire. In one corner someone has',
      'scratched a grid of nine squares into the sand, as spice hunters from Red Storm have done',
      'for generations.',
      `A grid of nine squares scrawled in the sand is here.`,
      `Exits: ${['north', 'east', 'south', 'up'].map((d) => paint('exit', d)).join(', ')}.`,
    ].join('\n'));
    link.connection.send({ type: 'prompt', text: '> ' });
    say(`${paint('name', 'Bob')} arrives.`);
    say(`${paint('name', 'Bob')} takes a seat at the sand table.\n${paint('heading', 'A game of Spice Run begins')}: Wanda is Player 1, Bob is Player 2. ${paint('turn', "It is your turn")} to roll the dice to place a wager.`);
    say(`Wanda throws the dice: 6 and 1 (7).\n${paint('turn', 'It is your turn')} to bet on square 7.`);
    say(`Wanda places ${paint('coins', '40 obsidian coins')} on square 7. The board holds ${paint('coins', '40 obsidian coins')}.`);
    say(`${paint('name', 'Bob')} throws the dice: 2 and 2 (4).`);
    say(`${paint('name', 'Bob')} places ${paint('coins', '60 obsidian coins')} on square 4. The board holds ${paint('coins', '100 obsidian coins')}.\n${paint('turn', 'It is your turn')} to roll the dice. ${paint('deadline', 'You have 2 minutes.')}`);
    say(`${paint('channel', '[ooc] Bex: good luck, both of you')}`);
    gmcp(link, 'Char.Name', { name: 'Wanda' });
    gmcp(link, 'Char.Status', { name: 'Wanda', coins: 960, room: 'common-room', table: 'sand-table' });
    gmcp(link, 'Room.Info', { id: 'common-room', name: 'The Obsidian Scorpion, Common Room', exits: { north: 'bones-room', east: 'card-room', south: 'street', up: 'roof' } });
    gmcp(link, 'Table.State', sandTable({
      players: [{ name: 'Wanda', seat: 1, connected: true }, { name: 'Bob', seat: 2, connected: true }],
      turn: 'Wanda', deadline: NOW + 118_000, roll: null, lastThrow: [2, 2], wagers: { 7: [{ player: 'Wanda', amount: 40 }], 4: [{ player: 'Bob', amount: 60 }] },
    }));
    gmcp(link, 'Table.Dice', { table: 'sand-table', dice: [2, 2], total: 4 });
    await poll(() => page.locator('[data-cell="4"]').textContent()).toMatch(/Bob\s*60/);
    expect(await page.locator('.purse').textContent()).toMatch(/Seated at the sand table/);
    await page.locator('#line').fill('roll dice sand');
    await browser.screenshot('web-page-in-play.png');
  });

  it('reconnects by itself after a dropped connection, but not after the server closed it on purpose', async () => {
    const { page } = browser;
    await page.clock.install();
    const link = await openPage();
    const count = stand.links.length;
    link.connection.send({ type: 'text', text: 'the floor shakes' });
    link.connection.drop();
    await poll(() => page.locator('#status').getAttribute('data-state')).toBe('lost');
    expect(await page.locator('#banner').isVisible()).toBe(true);
    await page.clock.runFor(1_500);
    const again = await stand.newLink(count);
    await poll(() => page.locator('#status').getAttribute('data-state')).toBe('connected');
    again.connection.close('The heat of the road swallows you. Farewell!');
    await poll(() => page.locator('#status').getAttribute('data-state')).toBe('closed');
    expect(await page.locator('#output').textContent()).toContain('Farewell!');
    await page.clock.runFor(120_000);
    expect(stand.links.length).toBe(count + 1);
    await page.locator('#line').focus();
    await page.keyboard.press('Enter');
    await stand.newLink(count + 1);
    await poll(() => page.locator('#status').getAttribute('data-state')).toBe('connected');
  });

  it('fits a phone-width screen: no sideways scrolling, the command line in view', async () => {
    const link = await openPage();
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    gmcp(link, 'Char.Status', { name: 'Ana', coins: 12_345, room: 'common-room', table: null });
    gmcp(link, 'Room.Info', { id: 'common-room', name: 'The Obsidian Scorpion, Common Room', exits: { north: 'bones-room', east: 'card-room', south: 'street', up: 'roof' } });
    link.connection.send({ type: 'text', text: `${paint('room', 'The Obsidian Scorpion, Common Room')}\n${'A long line of sand and story that must wrap. '.repeat(8)}` });
    await poll(() => page.getByTestId('coins').textContent()).toMatch(/12,345/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const input = await page.locator('#line').boundingBox();
    expect(input!.y + input!.height).toBeLessThanOrEqual(844);
    expect(input!.width).toBeGreaterThan(200);
    await browser.screenshot('web-page-phone.png');
  });

  for (const [game, table] of Object.entries(TABLES)) {
    it(`fits ${game}'s panel on a phone (390 x 844) and on a laptop (1280 x 800): nothing wider than the screen, nothing to scroll sideways`, async () => {
      const link = await openPage();
      const { page } = browser;
      gmcp(link, 'Char.Name', { name: 'Ana' });
      gmcp(link, 'Room.Info', table.room);
      gmcp(link, 'Table.State', table.state);
      gmcp(link, 'Table.Hand', lairHand(['7h', '10d', 'ac', 'ks', 'qs']));
      gmcp(link, 'Char.Status', { name: 'Ana', coins: 1_234_567, room: table.room.id, table: table.state.id });
      await poll(() => page.getByTestId('coins').textContent()).toMatch(/1,234,567/);
      await poll(() => page.locator(`[data-table="${table.state.id}"]`).count()).toBe(1);
      for (const [width, height] of [[390, 844], [1280, 800]]) {
        await page.setViewportSize({ width, height });
        // On a phone the panels are folded into a strip until opened.
        if (width < 760) await page.locator('#panels-strip').click();
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `the page at ${width}`).toBeLessThanOrEqual(width);
        // Every element, the panels' insides included, lies within the screen's width...
        const outside = await page.evaluate((w) => {
          const out: string[] = [];
          for (const el of document.querySelectorAll('body *')) {
            const box = el.getBoundingClientRect();
            if (box.width > 1 && (box.left < -0.5 || box.right > w + 0.5)) out.push(`${el.tagName.toLowerCase()}.${el.className} ${Math.round(box.left)}-${Math.round(box.right)}`);
          }
          return out;
        }, width);
        expect(outside, `at ${width} px`).toEqual([]);
        // ...and nothing scrolls sideways inside it (the old phone strip of panels did).
        const sideways = await page.evaluate(() =>
          [...document.querySelectorAll('body *')]
            .filter((el) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX) && el.scrollWidth > el.clientWidth + 1)
            .map((el) => `${el.tagName.toLowerCase()}#${el.id}.${el.className}`),
        );
        expect(sideways, `at ${width} px`).toEqual([]);
        await browser.screenshot(`web-page-${game}-${width}.png`);
      }
      expect(browser.errors).toEqual([]);
    });
  }

  it('on a phone, keeps the newest text in view when a table\'s panel comes in above the story', async () => {
    const link = await openPage();
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('#panels-strip').click();
    gmcp(link, 'Char.Status', { name: 'Ana', coins: 950, room: 'card-room', table: 'lair-table' });
    gmcp(link, 'Room.Info', TABLES['dragons-lair'].room);
    for (let i = 1; i <= 40; i++) link.connection.send({ type: 'text', text: `Line ${i} of the story.` });
    await poll(() => page.locator('#output .block').last().textContent()).toBe('Line 40 of the story.');
    const paneBefore = (await page.locator('#output').boundingBox())!.height;
    // The table's panel makes the panels taller and the story's pane shorter.
    gmcp(link, 'Table.State', TABLES['dragons-lair'].state);
    await poll(() => page.locator('[data-table="lair-table"]').count()).toBe(1);
    await poll(async () => (await page.locator('#output').boundingBox())!.height).toBeLessThan(paneBefore);
    link.connection.send({ type: 'text', text: 'The newest line.' });
    const newest = page.locator('#output .block').last();
    await poll(() => newest.textContent()).toBe('The newest line.');
    const visible = async () => {
      const pane = (await page.locator('#output').boundingBox())!;
      const line = (await newest.boundingBox())!;
      return line.y >= pane.y && line.y + line.height <= pane.y + pane.height + 1;
    };
    await poll(visible).toBe(true);
    expect(await page.locator('#more-below').isVisible()).toBe(false);
    expect(browser.errors).toEqual([]);
  });
});
