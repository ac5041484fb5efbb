// The renderer moves nothing unless the user allows motion: an animation, transition or smooth scroll may only sit
// inside `@media (prefers-reduced-motion: no-preference)`. This replaced a universal reduced-motion override in
// app.css that cost every element extra style work in every recalc (see the note at the end of app.css).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(process.cwd(), 'renderer');
const files = readdirSync(root, { recursive: true, encoding: 'utf8' })
  .filter((name) => /\.(svelte|css|ts|js)$/.test(name))
  .map((name) => join(root, name));

const MOTION = [
  /\b(transition|animation)(-[a-z-]+)?\s*:/,
  /@keyframes/,
  /scroll-behavior\s*:\s*smooth/,
  /behavior\s*:\s*['"]smooth/,
  /\.animate\(/,
  /\banimate:/,
];
const ALLOWED = '@media (prefers-reduced-motion: no-preference)';

/** The text without comments and without the blocks that only apply when the user allows motion. */
function unguarded(text: string): string {
  let rest = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"])\/\/.*$/gm, '$1');
  for (let at = rest.indexOf(ALLOWED); at >= 0; at = rest.indexOf(ALLOWED)) {
    let depth = 0;
    let end = rest.indexOf('{', at);
    for (; end >= 0 && end < rest.length; end++) {
      if (rest[end] === '{') depth++;
      if (rest[end] === '}' && --depth === 0) break;
    }
    rest = rest.slice(0, at) + rest.slice(end + 1);
  }
  return rest;
}

const moves = (text: string): boolean => MOTION.some((re) => re.test(unguarded(text)));

describe('motion in the renderer', () => {
  it('finds motion outside the allowed block and none inside it (self-check)', () => {
    expect(moves('.a { transition: opacity 0.2s; }')).toBe(true);
    expect(moves('<div transition:fade>')).toBe(true);
    expect(moves("el.scrollIntoView({ behavior: 'smooth' })")).toBe(true);
    expect(moves('@keyframes spin { to { rotate: 1turn } }')).toBe(true);
    expect(moves(`${ALLOWED} { .a { transition: opacity 0.2s; } }`)).toBe(false);
    expect(moves('/* no animation: none here */ .a { color: red }')).toBe(false);
  });

  it('finds the stylesheets and components (self-check)', () => {
    const names = files.map((f) => relative(root, f));
    expect(names).toEqual(expect.arrayContaining(['src/app.css', 'src/views/StatusView.svelte']));
  });

  it('moves nothing for a user who asks for reduced motion', () => {
    const moving = files.filter((f) => moves(readFileSync(f, 'utf8'))).map((f) => relative(root, f));
    expect(moving).toEqual([]);
  });
});
