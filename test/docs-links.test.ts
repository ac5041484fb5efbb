// The house a newcomer walks into: the README's first screen has the commands to try it, and it stays short; every
// relative link in the README, CONTRIBUTING, SECURITY and docs/ reaches a file (and a heading, when it names one);
// every image shown is one `npm run screenshots` makes, shown once; and no image in docs/screenshots is left over.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOCS_IMAGES, optimiserFor, pngquantFound, pngquantNotice } from './e2e/support/docs-images';

const root = process.cwd();
const read = (path: string): string => readFileSync(join(root, path), 'utf8').replace(/\r\n/g, '\n');
const DOCS = [
  'README.md',
  'CONTRIBUTING.md',
  'SECURITY.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** Markdown links and images outside code: [text](target) and ![alt](target), with their line. */
export function linksIn(markdown: string): { target: string; image: boolean; line: number }[] {
  const found: { target: string; image: boolean; line: number }[] = [];
  let fenced = false;
  markdown.split('\n').forEach((text, i) => {
    if (/^\s*```/.test(text)) fenced = !fenced;
    if (fenced) return;
    const prose = text.replace(/`[^`]*`/g, '');
    for (const m of prose.matchAll(/(!?)\[[^\]]*\]\(([^)\s]+)\)/g))
      found.push({ target: m[2] ?? '', image: m[1] === '!', line: i + 1 });
  });
  return found;
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces as hyphens. */
export function anchorsOf(markdown: string): string[] {
  return [...markdown.matchAll(/^#{1,6} (.+)$/gm)].map((m) =>
    (m[1] ?? '')
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, '')
      .replace(/ /g, '-'),
  );
}

const isRemote = (target: string) => /^[a-z]+:/i.test(target);

describe('the README and docs', () => {
  it('finds the links it is meant to check (self-check: code is skipped, images and anchors are seen)', () => {
    const sample = '[a](x.md#b) ![i](s/p.png) `[c](no.md)`\n```\n[d](no.md)\n```\n[e](https://x.dev)';
    expect(linksIn(sample).map((l) => [l.target, l.image])).toEqual([
      ['x.md#b', false],
      ['s/p.png', true],
      ['https://x.dev', false],
    ]);
    expect(anchorsOf('## Continuous integration and releases\n# `npm run status`: x')).toEqual([
      'continuous-integration-and-releases',
      'npm-run-status-x',
    ]);
  });

  it('README: at most 150 lines, and the first screen (30 lines) has npm ci, npm run demo and status --demo', () => {
    const lines = read('README.md').split('\n');
    expect(lines.length).toBeLessThanOrEqual(150);
    const firstScreen = lines.slice(0, 30).join('\n');
    for (const command of ['npm ci', 'npm run demo', 'npm run status -- --demo'])
      expect(firstScreen).toContain(command);
  });

  it('README: Develop names the whole suite with its time, one file, the unit tests, lint and types', () => {
    const readme = read('README.md');
    for (const command of [
      'npm test',
      'npx vitest run test/',
      'npm run test:fast',
      'npm run lint',
      'npm run typecheck',
    ])
      expect(readme).toContain(command);
    expect(readme).toMatch(/npm test .*\d+ min/);
  });

  it.each(DOCS)('every relative link in %s reaches a file, and the heading it names', (doc) => {
    const broken: string[] = [];
    for (const { target, line } of linksIn(read(doc))) {
      if (isRemote(target)) continue;
      const [path = '', anchor] = target.split('#');
      const file = path === '' ? doc : posix.join(dirname(doc), path);
      if (!existsSync(join(root, file))) broken.push(`${doc}:${line} ${target} (no file)`);
      else if (anchor && file.endsWith('.md') && !anchorsOf(read(file)).includes(anchor))
        broken.push(`${doc}:${line} ${target} (no such heading)`);
    }
    expect(broken).toEqual([]);
  });

  it('every image shown is made by npm run screenshots and shown once; none in docs/screenshots is left over', () => {
    const shown = DOCS.flatMap((doc) =>
      linksIn(read(doc))
        .filter((l) => l.image && !isRemote(l.target))
        .map((l) => posix.join(dirname(doc), l.target)),
    );
    const made = DOCS_IMAGES.map((name) => `docs/screenshots/${name}.png`);
    expect(shown.filter((image) => !made.includes(image))).toEqual([]);
    expect(shown.filter((image, i) => shown.indexOf(image) !== i)).toEqual([]);
    const onDisk = readdirSync(join(root, 'docs', 'screenshots')).map((f) => `docs/screenshots/${f}`);
    expect(onDisk.filter((f) => !made.includes(f))).toEqual([]);
    expect(made.filter((f) => !onDisk.includes(f))).toEqual([]);
  });

  it('npm run screenshots without pngquant: one line saying what to install, and the PNG kept as rendered', async () => {
    expect(pngquantFound('pngquant-not-installed-here')).toBe(false);
    expect(pngquantNotice(false)).toMatch(/^pngquant not found: .*apt-get install pngquant.*npm run screenshots/);
    expect(pngquantNotice(true)).toBeUndefined();
    const dir = await mkdtemp(join(tmpdir(), 'oncall-shots-'));
    try {
      await writeFile(join(dir, 'raw.png'), 'png bytes');
      await optimiserFor(false)(join(dir, 'raw.png'), join(dir, 'shot.png'));
      expect(await readFile(join(dir, 'shot.png'), 'utf8')).toBe('png bytes');
      expect(existsSync(join(dir, 'raw.png'))).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
