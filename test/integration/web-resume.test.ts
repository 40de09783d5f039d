/**
 * Web session resume against the real server over `ws`: a page whose connection dropped comes
 * back as its character without the password, with a single-use token rotated at every resume,
 * useless after a quit, another login, or 2 minutes; a seated player keeps seat and turn.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { WebTestClient } from '../support/webClient.js';
import type { ServerMessage } from '../../src/web/messages.js';

/** expect.poll with room for a busy machine. */
const poll = <T>(read: () => T) => expect.poll(read, { timeout: 10_000 });

let ts: TestServer;
afterEach(async () => {
  await ts?.destroy();
});

type TokenMessage = Extract<ServerMessage, { type: 'resume-token' }>;

/** The last resume token the page was given. */
function tokenOf(c: WebTestClient): TokenMessage {
  const given = c.messages.filter((m): m is TokenMessage => m.type === 'resume-token');
  if (!given.length) throw new Error('no resume token was given');
  return given[given.length - 1];
}

/** Cuts the page's connection without a word, as a phone going to sleep does. */
async function drop(c: WebTestClient): Promise<void> {
  c.close();
  await c.closedSoon();
  // The server has seen it once its log says so.
  for (let i = 0; i < 500 && !ts.logs.some((l) => l === `connection ${idOf(c)} closed`); i++) await new Promise((r) => setTimeout(r, 10));
}

const ids = new Map<WebTestClient, string>();
function idOf(c: WebTestClient): string {
  return ids.get(c) ?? '';
}

/** A new page at the greeting that sends `token` to resume; resolves with the answer's messages. */
async function resumeWith(token: string): Promise<{ page: WebTestClient; answer: ServerMessage }> {
  const page = await connect();
  const from = page.messages.length;
  page.raw(JSON.stringify({ type: 'resume', token }));
  for (let i = 0; i < 500; i++) {
    const answer = page.messages.slice(from).find((m) => m.type === 'resume-token' || m.type === 'resume-refused');
    if (answer) return { page, answer };
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`no answer to the resume; got ${JSON.stringify(page.messages.slice(from))}`);
}

/** A page at the greeting, its connection id learnt from the log. */
async function connect(): Promise<WebTestClient> {
  const before = new Set(ts.logs);
  const page = await ts.connectWeb();
  const line = ts.logs.find((l) => !before.has(l) && /^connection web-\d+ from/.test(l));
  ids.set(page, /^connection (web-\d+)/.exec(line ?? '')?.[1] ?? '');
  return page;
}

async function login(name: string): Promise<WebTestClient> {
  const page = await connect();
  page.send(`connect ${name} secret123`);
  let reply = await page.nextPrompt();
  if (/There is no character/.test(reply)) reply = await page.command(`create ${name} secret123`);
  if (!/Exits:/.test(reply)) throw new Error(`login as ${name} failed: ${reply}`);
  page.inGame = true;
  return page;
}

describe('resuming a web session', () => {
  it('comes back as the same character without the password, with a new token each time', async () => {
    ts = await startTestServer({ web: {} });
    const ana = await login('Ana');
    const first = tokenOf(ana);
    expect(first).toMatchObject({ type: 'resume-token', validMs: 120_000, resumed: false });
    expect(await ana.command('look')).toMatch(/Exits:/);
    await drop(ana);
    const { page, answer } = await resumeWith(first.token);
    expect(answer).toMatchObject({ type: 'resume-token', resumed: true });
    expect((answer as TokenMessage).token).not.toBe(first.token);
    page.inGame = true;
    await page.expect(/Exits:/);
    expect(await page.command('score')).toMatch(/Ana/);
    expect(await page.command('i')).toMatch(/1,000 obsidian coins/);
    expect(ts.logs.some((l) => new RegExp(`^connection ${idOf(page)} is Ana \\(web page\\)$`).test(l))).toBe(true);
    // And again, with the newer token.
    await drop(page);
    const again = await resumeWith((answer as TokenMessage).token);
    expect(again.answer).toMatchObject({ type: 'resume-token', resumed: true });
  });

  it('refuses a token used already (a reused or stolen one), saying why, and stays at the greeting', async () => {
    ts = await startTestServer({ web: {} });
    const ana = await login('Ana');
    const stolen = tokenOf(ana).token;
    await drop(ana);
    const back = await resumeWith(stolen);
    expect(back.answer).toMatchObject({ resumed: true });
    const thief = await resumeWith(stolen);
    expect(thief.answer).toEqual({ type: 'resume-refused', reason: 'That session was resumed already (each resume needs the newer token the server gave then). Log in again.' });
    // The thief is at the greeting, the player still in.
    expect(await thief.page.command('score')).toMatch(/There is no one called Score here yet/);
    back.page.inGame = true;
    expect(await back.page.command('score')).toMatch(/Ana/);
    expect(ts.logs.some((l) => /resume refused: That session was resumed already/.test(l))).toBe(true);
  });

  it('refuses a token after the character quits, after a login elsewhere, and after 2 minutes', async () => {
    ts = await startTestServer({ web: {} });
    const ana = await login('Ana');
    const token = tokenOf(ana).token;
    ana.send('quit');
    await ana.closedSoon();
    expect((await resumeWith(token)).answer).toEqual({ type: 'resume-refused', reason: 'Ana left the tavern: that session is over. Log in again.' });

    const bex = await login('Bex');
    const bexToken = tokenOf(bex).token;
    await drop(bex);
    const telnet = await ts.login('Bex'); // with the password, over telnet
    expect((await resumeWith(bexToken)).answer).toEqual({ type: 'resume-refused', reason: 'Bex has been logged in again since: that session is over. Log in again.' });
    expect(await telnet.command('score')).toMatch(/Bex/);

    const cyr = await login('Cyr');
    const cyrToken = tokenOf(cyr).token;
    await drop(cyr);
    ts.clock.advance(120_001);
    expect((await resumeWith(cyrToken)).answer).toEqual({ type: 'resume-refused', reason: 'More than 2 minutes passed: that session is over. Log in again.' });
    expect((await resumeWith('x'.repeat(43))).answer).toEqual({ type: 'resume-refused', reason: 'That session is not known here (the server may have restarted). Log in again.' });
  });

  it('refuses the token of a seated player thrown out (kick) or banned while their page was away', async () => {
    ts = await startTestServer({ settings: { admins: ['Ana'] }, web: {} });
    const ana = await ts.login('Ana'); // the admin, over telnet
    // Seated, so kept in the world while away (anyone else leaves it at once, and may come back).
    const dee = await login('Dee');
    await dee.command('sit sand');
    const deeToken = tokenOf(dee).token;
    await drop(dee);
    expect(await ana.command('kick dee')).toMatch(/^You throw Dee out of the tavern\./);
    expect((await resumeWith(deeToken)).answer).toEqual({ type: 'resume-refused', reason: 'Dee left the tavern: that session is over. Log in again.' });

    const eli = await login('Eli');
    await eli.command('sit sand');
    const eliToken = tokenOf(eli).token;
    await drop(eli);
    expect(await ana.command('ban eli')).toMatch(/^Eli is banned, and thrown out\./);
    expect((await resumeWith(eliToken)).answer).toEqual({ type: 'resume-refused', reason: 'Eli left the tavern: that session is over. Log in again.' });
  });

  it('takes the session from a connection the server still thinks open (a phone that slept), which is told', async () => {
    ts = await startTestServer({ web: {} });
    const ana = await login('Ana');
    const { page, answer } = await resumeWith(tokenOf(ana).token);
    expect(answer).toMatchObject({ resumed: true });
    await ana.closedSoon();
    expect(ana.messages.at(-1)).toEqual({ type: 'close', text: 'Someone has logged in as you from elsewhere; this connection is closing.' });
    page.inGame = true;
    expect(await page.command('score')).toMatch(/Ana/);
  });

  it('resumes only at the greeting', async () => {
    ts = await startTestServer({ web: {} });
    const ana = await login('Ana');
    ana.raw(JSON.stringify({ type: 'resume', token: tokenOf(ana).token }));
    for (let i = 0; i < 500 && !ana.messages.some((m) => m.type === 'resume-refused'); i++) await new Promise((r) => setTimeout(r, 10));
    expect(ana.messages.find((m) => m.type === 'resume-refused')).toEqual({ type: 'resume-refused', reason: 'A session can only be resumed at the greeting.' });
    // Halfway through the step-by-step login is not the greeting either, and the token is not spent by asking.
    const page = await connect();
    expect(await page.command('Ana')).toMatch(/Welcome back, Ana\. Password:/);
    page.raw(JSON.stringify({ type: 'resume', token: tokenOf(ana).token }));
    await poll(() => page.messages.find((m) => m.type === 'resume-refused')).toEqual({ type: 'resume-refused', reason: 'A session can only be resumed at the greeting.' });
    expect((await resumeWith(tokenOf(ana).token)).answer).toMatchObject({ type: 'resume-token', resumed: true });
  });

  it('answers one resume per connection, and logs only that one', async () => {
    ts = await startTestServer({ web: {} });
    const { page, answer } = await resumeWith('x'.repeat(43));
    expect(answer).toMatchObject({ type: 'resume-refused' });
    for (let i = 0; i < 5; i++) page.raw(JSON.stringify({ type: 'resume', token: 'y'.repeat(43) }));
    await poll(() => page.messages.filter((m) => m.type === 'resume-refused').length).toBe(6);
    expect(page.messages.filter((m) => m.type === 'resume-refused').slice(1)).toEqual(Array(5).fill({ type: 'resume-refused', reason: 'A connection may ask to resume a session once; connect again.' }));
    expect(ts.logs.filter((l) => /resume refused/.test(l))).toHaveLength(1);
  });

  it('keeps a seated Spice Run player’s seat and turn', async () => {
    ts = await startTestServer({ web: {}, seed: 3 });
    const wanda = await login('Wanda');
    expect(await wanda.command('sit sand')).toMatch(/You take a seat at the sand table/);
    const bob = await ts.login('Bob');
    expect(await bob.command('sit sand')).toMatch(/A game of Spice Run begins: Wanda is Player 1, you are Player 2/);
    expect(await wanda.command('look sand')).toMatch(/It is your turn/);
    await drop(wanda);
    await bob.expect(/Wanda stares blankly into the distance, lost in thought/);
    ts.clock.advance(60_000); // a minute asleep: within the seat's grace and the turn's time
    const { page, answer } = await resumeWith(tokenOf(wanda).token);
    expect(answer).toMatchObject({ resumed: true });
    page.inGame = true;
    await page.expect(/You are back\./);
    await bob.expect(/Wanda looks around, alert again/);
    const view = await page.command('look sand');
    expect(view).toMatch(/It is your turn/);
    expect(view).toMatch(/Wanda/);
    expect(await page.command('roll dice sand')).toMatch(/You throw the dice: \d and \d/);
  });
});
