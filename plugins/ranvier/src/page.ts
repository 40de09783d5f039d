import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join } from 'node:path';
import { tavernPage, type TablesListings } from '../../../src/games/tables-page.js';
import type { HostWords } from '../../../src/games/api.js';
import { log } from './core.js';

/**
 * The tables' page and its JSON API on a small HTTP listener of their own, which a host may turn
 * on (`obsidianTables.page`): the tavern's public page (src/games/tables-page.ts, the same code),
 * at `/`, with who is in the world, the richest, the biggest wins of the last days and each
 * table's last games, every one of which a Check button recomputes in the browser; and the same
 * as JSON: `/api/who`, `/api/top`, `/api/wins`, `/api/tables`, `/api/tables/<table id>/games`.
 * The page's script and style are files of the bundle (`page/`, made by build.ts). At most
 * LIMIT requests per address in each WINDOW_MS.
 */

export interface PageConfig {
  port: number;
  host: string;
  /** The page's title and heading: the world's name. */
  title: string;
}

const LIMIT = 30;
const WINDOW_MS = 10_000;

const TYPES: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.svg': 'image/svg+xml' };
const JSON_HEADERS = { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'public, max-age=2', 'Access-Control-Allow-Origin': '*', 'X-Content-Type-Options': 'nosniff' };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Starts the listener; a line on the standard output, `obsidian-tables: the tables' page on http://<host>:<port>/`, says where. */
export function servePage(config: PageConfig, folder: string, listings: TablesListings, words: HostWords): Server {
  const templateFile = join(folder, 'tables.html');
  const template = existsSync(templateFile)
    ? readFileSync(templateFile, 'utf8').replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(config.title)}: the tables' lists and games</title>`).replace(/(<h1>.*?<\/span>)[^<]*(<\/h1>)/, `$1${escapeHtml(config.title)}$2`)
    : null;
  const answers: Record<string, () => unknown> = {
    '/api/who': () => listings.who(),
    '/api/top': () => listings.top(),
    '/api/wins': () => listings.wins(),
    '/api/tables': () => ({ tables: listings.tables() }),
  };
  let windowStart = 0;
  const counts = new Map<string, number>();
  const server = createServer((req, res) => {
    const now = Date.now();
    if (now - windowStart >= WINDOW_MS) {
      windowStart = now;
      counts.clear();
    }
    const address = req.socket.remoteAddress ?? '';
    const n = (counts.get(address) ?? 0) + 1;
    counts.set(address, n);
    if (n > LIMIT) {
      const wait = Math.max(1, Math.ceil((windowStart + WINDOW_MS - now) / 1000));
      return res.writeHead(429, { 'Retry-After': String(wait), 'Content-Type': 'text/plain; charset=utf-8' }).end(`Too many requests: at most ${LIMIT} every ${WINDOW_MS / 1000} seconds.\n`);
    }
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    if (path === '/') {
      if (!template) return res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' }).end("The tables' page is not in the bundle's page/ folder.\n");
      return res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' }).end(tavernPage(template, listings, { money: words.money, where: 'the world' }));
    }
    const games = /^\/api\/tables\/([^/]{1,200})\/games$/.exec(path);
    if (games || answers[path]) {
      const body = games ? listings.games(games[1]) : answers[path]();
      if (body === null) return res.writeHead(404, JSON_HEADERS).end(`${JSON.stringify({ error: `There is no table "${games![1]}" here.` })}\n`);
      return res.writeHead(200, JSON_HEADERS).end(`${JSON.stringify(body)}\n`);
    }
    const file = /^\/(tables\.(?:js|css)|favicon\.svg)$/.exec(path)?.[1];
    if (file && existsSync(join(folder, file))) return res.writeHead(200, { 'Content-Type': TYPES[extname(file)], 'Cache-Control': 'public, max-age=3600' }).end(readFileSync(join(folder, file)));
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not here: the page is at /, the data at /api/.\n');
  });
  server.on('error', (e) => log().error(`obsidian-tables: the tables' page could not listen on ${config.host}:${config.port}: ${e.message}`));
  server.listen(config.port, config.host, () => {
    const at = server.address();
    const port = at && typeof at === 'object' ? at.port : config.port;
    console.log(`obsidian-tables: the tables' page on http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}/`);
  });
  server.unref();
  return server;
}
