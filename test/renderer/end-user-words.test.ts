// What the app's windows say is for people who installed it, not for its developers: no `npm`/`npx` command in any
// view (Settings once told users to run `npm run -s status -- --ics`; they use the tray's "Export my shifts"). Failed
// before.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(process.cwd(), 'renderer', 'src');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : /\.(svelte|ts)$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

describe('end-user words', () => {
  it('no view tells the user to run an npm or npx command', () => {
    const found = files(SRC).filter((f) => /\b(npm run|npm i|npx) /.test(readFileSync(f, 'utf8')));
    expect(found).toEqual([]);
  });
});
