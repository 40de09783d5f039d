import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import GithubSlugger from 'github-slugger';
import { Lexer, walkTokens, type Token, type Tokens } from 'marked';
import { describe, expect, it } from 'vitest';

/**
 * Every relative link in the README and the pages it leads to resolves: the file (or folder)
 * exists, and a `#anchor` names a heading of that page as GitHub spells it. The pages are read
 * with marked's lexer (so nothing inside code counts) and the anchors made with github-slugger.
 */
const ROOT = resolve(import.meta.dirname, '../..');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.name === 'node_modules' || e.name === 'dist' || e.name.startsWith('.')
      ? []
      : e.isDirectory()
        ? markdownFiles(join(dir, e.name))
        : e.name.endsWith('.md')
          ? [join(dir, e.name)]
          : [],
  );
}

function plain(tokens: readonly Token[]): string {
  return tokens.map((t) => ('tokens' in t && t.tokens ? plain(t.tokens) : 'text' in t ? String(t.text) : '')).join('');
}

function parse(text: string): { anchors: Set<string>; links: string[] } {
  const tokens = Lexer.lex(text);
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  const links: string[] = [];
  walkTokens(tokens, (t) => {
    if (t.type === 'heading') anchors.add(slugger.slug(plain((t as Tokens.Heading).tokens)));
    if (t.type === 'link' || t.type === 'image') links.push((t as Tokens.Link).href);
  });
  return { anchors, links };
}

/** Each relative link of `file` that does not resolve, as `file: link (why)`. */
function broken(file: string, text: string, read: (path: string) => string | null): string[] {
  const bad: string[] = [];
  const { anchors, links } = parse(text);
  for (const href of links) {
    if (/^[a-z][a-z+.-]*:/i.test(href)) continue; // https:, mailto:: not ours to check
    const [path, anchor] = href.split('#', 2) as [string, string | undefined];
    const target = path === '' ? file : resolve(dirname(file), decodeURIComponent(path));
    const where = `${relative(ROOT, file)}: ${href}`;
    if (path !== '' && !existsSync(target)) {
      bad.push(`${where} (no such file)`);
      continue;
    }
    if (anchor === undefined) continue;
    if (!target.endsWith('.md')) {
      bad.push(`${where} (an anchor into a file that is not a page)`);
      continue;
    }
    const targetAnchors = target === file ? anchors : parse(read(target) ?? '').anchors;
    if (!targetAnchors.has(anchor)) bad.push(`${where} (no heading #${anchor})`);
  }
  return bad;
}

const readMarkdown = (path: string) => (existsSync(path) ? readFileSync(path, 'utf8') : null);

describe('the links between the README and the docs', () => {
  const pages = [join(ROOT, 'README.md'), ...markdownFiles(join(ROOT, 'docs')), ...markdownFiles(join(ROOT, 'src')), ...markdownFiles(join(ROOT, 'plugins'))];

  it('all resolve, to a file and to a heading', () => {
    expect(pages.map((p) => relative(ROOT, p))).toEqual(expect.arrayContaining(['README.md', 'docs/playing.md', 'docs/hosting.md']));
    const bad = pages.flatMap((page) => broken(page, readFileSync(page, 'utf8'), readMarkdown));
    expect(bad).toEqual([]);
  });

  it('lead from the README to every page of docs/', () => {
    const linked = new Set(parse(readFileSync(join(ROOT, 'README.md'), 'utf8')).links.map((l) => resolve(ROOT, l.split('#')[0])));
    const reached = new Set<string>(linked);
    for (const page of [...linked].filter((p) => p.endsWith('.md') && existsSync(p))) {
      for (const l of parse(readFileSync(page, 'utf8')).links) reached.add(resolve(dirname(page), l.split('#')[0]));
    }
    const unreached = markdownFiles(join(ROOT, 'docs')).filter((p) => !reached.has(p));
    expect(unreached.map((p) => relative(ROOT, p))).toEqual([]);
  });

  it('start from a README that fits on a page and opens with the two commands', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(readme.split('\n').length).toBeLessThanOrEqual(150);
    const first = Lexer.lex(readme).find((t) => t.type === 'code') as Tokens.Code | undefined;
    expect(first?.text).toMatch(/^npm ci && npm start\b.*\nnpm ci && npm test\b/);
    const links = parse(readme).links;
    for (const page of ['playing', 'fairness', 'clients', 'hosting', 'ranvier', 'developing']) expect(links).toContain(`docs/${page}.md`);
  });

  it('finds a missing file, a missing heading and an anchor into a picture', () => {
    const file = join(ROOT, 'docs', 'example.md');
    const text = [
      '# A page',
      '## Table.State: the fields (`"game"`)',
      'See [here](#tablestate-the-fields-game), [gone](#gone), [games](games.md#spice-run),',
      '[no game](games.md#no-such-game), [nowhere](nowhere.md), [picture](web-client.png#top),',
      '[the web](https://example.org/#x), `[code](nowhere.md)`, ![shot](web-client.png).',
      '```',
      '[in a block](nowhere.md)',
      '```',
    ].join('\n');
    expect(broken(file, text, readMarkdown)).toEqual([
      'docs/example.md: #gone (no heading #gone)',
      'docs/example.md: games.md#no-such-game (no heading #no-such-game)',
      'docs/example.md: nowhere.md (no such file)',
      'docs/example.md: web-client.png#top (an anchor into a file that is not a page)',
    ]);
  });
});
