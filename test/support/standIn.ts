/**
 * A stand-in server for the page tests in Chromium: it serves the built page and greets each
 * WebSocket connection as the tavern does, then sends only what a test tells it to (the messages
 * of docs/web.md and docs/gmcp.md), whatever the game server would do.
 */
import { rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { listenWeb } from '../../src/web/server.js';
import type { WebConnection } from '../../src/web/connection.js';
import { buildPage, launchBrowser, type Browser } from './browser.js';

/** The stand-in server's side of each page connection: what it sent us, and a way to answer. */
export interface PageLink {
  connection: WebConnection;
  lines: string[];
}

export class StandIn {
  /** Every page connection so far, in order. */
  readonly links: PageLink[] = [];
  private server: Server | null = null;
  private pageDir: string | null = null;
  private base = '';
  private chromium: Browser | null = null;

  get browser(): Browser {
    return this.chromium!;
  }

  /** Builds the page, serves it, and starts Chromium. */
  async start(): Promise<void> {
    this.pageDir = await buildPage();
    [this.server] = await listenWeb('127.0.0.1', [{ port: 0 }], { root: this.pageDir }, (connection) => {
      const link: PageLink = { connection, lines: [] };
      connection.onLine((line) => link.lines.push(line));
      this.links.push(link);
      connection.send({ type: 'text', text: 'Welcome to the Obsidian Scorpion.' });
      connection.send({ type: 'prompt', text: '> ' });
    });
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/`;
    this.chromium = await launchBrowser();
  }

  async close(): Promise<void> {
    await this.chromium?.close();
    this.server?.closeAllConnections();
    await new Promise((r) => this.server?.close(r));
    if (this.pageDir) await rm(this.pageDir, { recursive: true, force: true });
  }

  /** The page connection after the first `after`, once it has come. */
  async newLink(after = this.links.length): Promise<PageLink> {
    for (let i = 0; i < 1000 && this.links.length <= after; i++) await new Promise((r) => setTimeout(r, 10));
    expect(this.links.length).toBeGreaterThan(after);
    return this.links[after];
  }

  /** Opens the page afresh and returns the stand-in server's side of its connection. */
  async openPage(): Promise<PageLink> {
    const before = this.links.length;
    await this.browser.page.goto(this.base);
    return this.newLink(before);
  }
}

/** Waits until the page has sent `count` lines on this connection; returns them. */
export async function lineArrives(link: PageLink, count: number): Promise<string[]> {
  for (let i = 0; i < 1000 && link.lines.length < count; i++) await new Promise((r) => setTimeout(r, 10));
  expect(link.lines.length).toBe(count);
  return link.lines;
}

export function gmcp(link: PageLink, pkg: string, data: unknown): void {
  link.connection.send({ type: 'gmcp', package: pkg, data });
}
