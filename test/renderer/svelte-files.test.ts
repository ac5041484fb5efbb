// Every Svelte component says first why it exists (a comment opening its script) and stays markup plus wiring:
// at most 200 lines, its state in a lib/*.svelte.ts class or module.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(process.cwd(), 'renderer', 'src');
const files = readdirSync(root, { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.svelte'))
  .map((name) => join(root, name));

const lineCount = (f: string): number => readFileSync(f, 'utf8').trimEnd().split('\n').length;

describe('Svelte files', () => {
  it('finds the components (self-check)', () => {
    expect(files.map((f) => relative(root, f))).toEqual(
      expect.arrayContaining(['App.svelte', 'views/StatusView.svelte']),
    );
  });

  it('each opens with a comment on why it exists', () => {
    const silent = files.filter((f) => {
      const [first, second] = readFileSync(f, 'utf8').split('\n');
      return !(first?.startsWith('<script') && /^\s*\/\/ \S/.test(second ?? ''));
    });
    expect(silent.map((f) => relative(root, f))).toEqual([]);
  });

  it('each is at most 200 lines', () => {
    const long = files.filter((f) => lineCount(f) > 200).map((f) => relative(root, f));
    expect(long).toEqual([]);
  });
});
