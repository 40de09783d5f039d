/**
 * The page's panel widgets in Chromium: a table of a game the page has never heard of, drawn
 * from nothing but the panel its Table.State describes (docs/gmcp.md, "The panel"). Three dice,
 * a row of cards face up and down, a board, lines, a notice, and a kind of part the page does
 * not know, which it leaves out.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Panel } from '../../src/games/panel.js';
import { poll, noBrowser } from '../support/browser.js';
import { NOW, TWO_PLAYERS } from '../support/pageTables.js';
import { gmcp, StandIn, type PageLink } from '../support/standIn.js';

const stand = new StandIn();
const ROOM = { id: 'den', name: 'The Den', exits: { south: 'common-room' } };

const PANEL: Panel = {
  title: 'Three Bones',
  parts: [
    { kind: 'facts', facts: [{ label: 'Pot', value: '1,500', id: 'pot' }, { label: 'Throw', value: '2 of 3' }] },
    { kind: 'dice', label: 'Thrown', dice: [2, 3, 4] },
    { kind: 'cards', id: 'river', label: 'The river', cards: [{ card: 'sun', face: '☀', name: 'the sun' }, { faceDown: true }, { card: 'moon', face: '☾', name: 'the moon', red: true }], empty: 'No cards yet.' },
    {
      kind: 'board',
      id: 'pits',
      label: 'The pits',
      layout: 'grid',
      cells: [
        { label: 'Low', wagers: [{ player: 'Ana', amount: '1,000' }] },
        { label: 'High', marked: true, wagers: [] },
        { label: 'Bone pile', note: 'six bones', tags: ['Bex: 2 bones'] },
      ],
    },
    { kind: 'lines', id: 'scores', label: 'Scores', columns: [{ label: 'Player' }, { label: 'Score', numeric: true }], rows: [['Ana', { text: '9', note: 'best of three' }], ['Bex', '7']] },
    { kind: 'lines', label: 'Side bets', columns: [{ label: 'Player' }], rows: [] },
    { kind: 'lines', id: 'debts', label: 'Debts', columns: [{ label: 'Player' }], rows: [], empty: 'Nobody owes anything.' },
    { kind: 'notice', lines: [{ text: 'Ana calls the last throw.' }, { text: 'Waiting for Bex.', quiet: true }] },
    { kind: 'wheel', id: 'wheel', label: 'The wheel', spokes: 12 },
  ] as Panel['parts'],
};

function table(panel: Panel, turn = 'Ana') {
  return { id: 'bone-table', game: 'three-bones', name: 'the bone table', phase: 'throwing', players: TWO_PLAYERS, turn, deadline: NOW + 30_000, now: NOW, panel };
}

async function denWith(panel: Panel): Promise<PageLink> {
  const link = await stand.openPage();
  gmcp(link, 'Char.Name', { name: 'Ana' });
  gmcp(link, 'Room.Info', ROOM);
  gmcp(link, 'Table.State', table(panel));
  gmcp(link, 'Char.Status', { name: 'Ana', coins: 500, room: 'den', table: 'bone-table' });
  await poll(() => stand.browser.page.locator('[data-table="bone-table"]').count()).toBe(1);
  return link;
}

describe.skipIf(noBrowser)('the panel widgets in Chromium', () => {
  beforeAll(() => stand.start(), 120_000);
  afterAll(() => stand.close());
  beforeEach(() => {
    stand.browser.errors.length = 0;
  });

  it('draws a game it does not know from its description: title, facts, three dice, cards face up and down, a board, lines and a notice', async () => {
    await denWith(PANEL);
    const panel = stand.browser.page.locator('[data-table="bone-table"]');
    expect(await panel.locator('.table-meta .game').textContent()).toBe('Three Bones');
    expect(await panel.locator('.players .turn').textContent()).toMatch(/Ana\s*you\s*to play/);
    expect(await panel.locator('.facts div').allInnerTexts()).toEqual([expect.stringMatching(/^Pot\s+1,500$/), expect.stringMatching(/^Throw\s+2 of 3$/)]);
    expect(await panel.getByTestId('pot').textContent()).toBe('1,500');
    // Any number of dice: a face each, and the total.
    expect(await panel.locator('.dice .caption').textContent()).toBe('Thrown:');
    expect(await panel.locator('.dice .faces').textContent()).toBe('⚁⚂⚃');
    expect(await panel.locator('.dice').textContent()).toMatch(/2, 3 and 4 \(9\)/);
    // Cards as the game names and draws them, and a card's back, which names nothing.
    const river = panel.getByTestId('river');
    expect(await river.locator('h3').textContent()).toBe('The river');
    expect(await river.locator('.card').evaluateAll((cards) => cards.map((c) => [c.getAttribute('data-card'), c.className.trim(), c.textContent]))).toEqual([
      ['sun', 'card', '☀the sun'],
      ['face-down', 'card back', ''],
      ['moon', 'card red', '☾the moon'],
    ]);
    // The board: a cell with wagers is staked, the marked one singled out, one with no wagers given says so to a screen reader.
    const pits = panel.getByTestId('pits');
    expect(await pits.getAttribute('aria-label')).toBe('The pits');
    expect(await pits.getAttribute('class')).toMatch(/\bboard grid\b/);
    expect(await pits.locator('li.cell').evaluateAll((cells) => cells.map((c) => [c.getAttribute('data-cell'), c.className.replace(/\s+/g, ' ').trim()]))).toEqual([
      ['Low', 'cell staked'],
      ['High', 'cell marked'],
      ['Bone pile', 'cell'],
    ]);
    expect(await pits.locator('[data-cell="Low"] .wagers').textContent()).toMatch(/Ana\s*1,000/);
    expect(await pits.locator('[data-cell="High"] .sr-only').textContent()).toBe('no wager');
    expect(await pits.locator('[data-cell="Bone pile"]').textContent()).toMatch(/^\s*Bone pile\s*six bones\s*Bex: 2 bones\s*$/);
    // Lines in columns, numbers set right; empty lines show their word, or nothing.
    const scores = panel.getByTestId('scores');
    expect(await scores.locator('caption').textContent()).toBe('Scores');
    expect(await scores.locator('th').evaluateAll((th) => th.map((h) => [h.textContent, h.className]))).toEqual([['Player', ''], ['Score', 'num']]);
    expect(await scores.locator('tbody tr').allInnerTexts()).toEqual([expect.stringMatching(/^Ana\s+9\s*best of three$/), expect.stringMatching(/^Bex\s+7$/)]);
    expect(await panel.locator('table.lines').count()).toBe(1);
    expect(await panel.getByText('Nobody owes anything.').getAttribute('class')).toBe('hint');
    expect(await panel.locator('.panel-notice p').evaluateAll((ps) => ps.map((p) => [p.textContent, p.className]))).toEqual([
      ['Ana calls the last throw.', ''],
      ['Waiting for Bex.', 'hint'],
    ]);
    // A kind of part this page does not know is left out, and nothing fails.
    expect(await panel.getByTestId('wheel').count()).toBe(0);
    expect(await panel.getByText('The wheel').count()).toBe(0);
    expect(stand.browser.errors).toEqual([]);
  });

  it('puts the viewer\'s own hand where the description says, from Table.Hand: not dealt in, then the cards, then none', async () => {
    const withHand: Panel = { title: 'Three Bones', parts: [{ kind: 'cards', id: 'hand', label: 'Your hand', cards: 'hand', empty: 'No cards.', noHand: 'Not dealt in.' }] };
    const link = await denWith(withHand);
    const hand = stand.browser.page.locator('[data-table="bone-table"]').getByTestId('hand');
    expect(await hand.textContent()).toMatch(/Your hand\s*Not dealt in\./);
    gmcp(link, 'Table.Hand', { table: 'bone-table', cards: ['sun', 'moon'], faces: [{ card: 'sun', face: '☀', name: 'the sun' }, { card: 'moon', face: '☾', name: 'the moon', red: true }] });
    await poll(() => hand.locator('.card').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-card')))).toEqual(['sun', 'moon']);
    expect(await hand.locator('.card.red .sr-only').textContent()).toBe('the moon');
    gmcp(link, 'Table.Hand', { table: 'bone-table', cards: [], faces: [] });
    await poll(() => hand.textContent()).toMatch(/Your hand\s*No cards\./);
    expect(stand.browser.errors).toEqual([]);
  });

  it('draws a table whose Table.State has no panel with its players and countdown only', async () => {
    const link = await stand.openPage();
    gmcp(link, 'Room.Info', ROOM);
    const { panel: _none, ...bare } = table(PANEL, 'Bex');
    gmcp(link, 'Table.State', bare);
    const panel = stand.browser.page.locator('[data-table="bone-table"]');
    await poll(() => panel.locator('.players .turn').textContent()).toMatch(/Bex/);
    expect(await panel.getByTestId('countdown').textContent()).toMatch(/0:(29|30)/);
    expect(await panel.locator('.game, .facts, .dice, .board, .card-row, .lines').count()).toBe(0);
    expect(stand.browser.errors).toEqual([]);
  });
});
