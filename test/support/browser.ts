/**
 * Browser tests: the page built by vite, driven in Debian's Chromium by playwright-core (never
 * a downloaded browser). Without /usr/bin/chromium the browser tests skip, saying so; with CI
 * set they run anyway, and fail.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page, type WebSocket } from 'playwright-core';
import { build } from 'vite';
import { expect } from 'vitest';
import type { ServerMessage } from '../../src/web/messages.js';
import { startTestServer, type TestServer, type TestServerOptions } from './server.js';

export const CHROMIUM = '/usr/bin/chromium';

/** Why the browser tests are skipped here, or null when they run (always under CI, where a missing browser is a failure). */
export const noBrowser = existsSync(CHROMIUM) || process.env.CI ? null : `SKIPPED: ${CHROMIUM} is missing (apt-get install -y chromium), so the browser tests do not run`;
if (noBrowser) console.warn(noBrowser);

const PROJECT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Screenshots the tests keep (gitignored). */
export const TEST_OUTPUT = join(PROJECT, 'test', 'output');

/** The page built into a new folder, as `npm run build` builds it into dist/web. */
export async function buildPage(): Promise<string> {
  const outDir = await mkdtemp(join(tmpdir(), 'tavern-page-'));
  await build({ configFile: join(PROJECT, 'web', 'vite.config.ts'), logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  return outDir;
}

export interface Browser {
  context: BrowserContext;
  page: Page;
  /** Every message the page has received over its WebSockets, in order. */
  received: ServerMessage[];
  /** Errors the page threw or logged: a test expects none. */
  errors: string[];
  screenshot(name: string): Promise<string>;
  close(): Promise<void>;
}

/** Chromium headless with a new empty profile and no network but loopback's, on one page; `args`: more flags. */
export async function launchBrowser(viewport = { width: 1280, height: 800 }, args: string[] = []): Promise<Browser> {
  const profile = await mkdtemp(join(tmpdir(), 'tavern-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...args,
    ],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const received: ServerMessage[] = [];
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('websocket', (ws: WebSocket) => {
    ws.on('framereceived', (frame) => {
      if (typeof frame.payload === 'string') received.push(JSON.parse(frame.payload) as ServerMessage);
    });
  });
  return {
    context,
    page,
    received,
    errors,
    async screenshot(name) {
      await mkdir(TEST_OUTPUT, { recursive: true });
      const path = join(TEST_OUTPUT, name);
      await page.screenshot({ path });
      return path;
    },
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** The page built, a test server serving it, and Chromium: what a browser test's beforeAll starts; stop() ends all three. */
export async function servePage(opts: Omit<TestServerOptions, 'web'> = {}): Promise<{ ts: TestServer; browser: Browser; stop(): Promise<void> }> {
  const pageDir = await buildPage();
  let ts: TestServer | undefined;
  let browser: Browser | undefined;
  const stop = async () => {
    await browser?.close();
    await ts?.destroy();
    await rm(pageDir, { recursive: true, force: true });
  };
  try {
    ts = await startTestServer({ ...opts, web: { root: pageDir } });
    browser = await launchBrowser();
    return { ts, browser, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

/** expect.poll with room for a busy machine (its own default is one second). */
export function poll<T>(read: () => T | Promise<T>) {
  return expect.poll(read, { timeout: 10_000 });
}

/** Whether the page has received any GMCP message of this package. */
export function gotGmcp(received: ServerMessage[], pkg: string): boolean {
  return received.some((m) => m.type === 'gmcp' && m.package === pkg);
}

/** Reading the page's output pane and typing into its command line, as a player does. */
export function playing(browser: Pick<Browser, 'page'>) {
  /** The output pane's text from its block number `from` on, one line per block. */
  const storySince = async (from: number): Promise<string> => (await browser.page.locator('#output .block').allTextContents()).slice(from).join('\n');
  /** Waits until the output pane, from block `from` on, tells `pattern`; returns what it told. */
  const story = async (pattern: RegExp, from = 0): Promise<string> => {
    await poll(() => storySince(from)).toMatch(pattern);
    return storySince(from);
  };
  /** Types a line into the page's command line, sends it, and waits for `pattern` in what follows. */
  const type = async (line: string, pattern: RegExp): Promise<string> => {
    const from = await browser.page.locator('#output .block').count();
    await browser.page.locator('#line').fill(line);
    await browser.page.keyboard.press('Enter');
    return story(pattern, from);
  };
  return { storySince, story, type };
}
