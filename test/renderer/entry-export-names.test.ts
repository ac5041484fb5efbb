// The build's last step (vite.config.ts): the entry exports each binding under its own name, and the chunks that
// import from it ask for those names. Run here as real modules, so what each import binds is checked, not the text.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { entryExportsUnderOwnNames, type BuiltScript } from '../../renderer/build/entry-export-names';

const ENTRY = 'assets/index-x1.js';
/** As the minifiers leave them: the entry's bindings exported under second names, imported under third ones. */
const built: BuiltScript[] = [
  { fileName: ENTRY, code: 'var li=1;function S(){return 2}let q=`three`;export{li as $,S as $t,q as a};' },
  { fileName: 'assets/forms-x2.js', code: 'import{$ as c,$t as S}from"./index-x1.js";export const all=[c,S(),0];' },
  { fileName: 'assets/after-x3.js', code: 'import{a as li,$ as e}from"./index-x1.js";export const all=[li,e];' },
];
const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

/** Writes the scripts to a folder and imports each importer, as the browser would. */
async function load(scripts: BuiltScript[]): Promise<unknown[]> {
  const dir = await mkdtemp(join(tmpdir(), 'entry-names-'));
  dirs.push(dir);
  await Promise.all(scripts.map((s) => writeFile(join(dir, s.fileName.replace('assets/', '')), s.code)));
  const values: unknown[] = [];
  for (const s of scripts.slice(1)) {
    const url = pathToFileURL(join(dir, s.fileName.replace('assets/', ''))).href;
    const mod: unknown = await import(url);
    values.push(typeof mod === 'object' && mod !== null ? Reflect.get(mod, 'all') : undefined);
  }
  return values;
}

describe("the entry's exports under their own names", () => {
  it('exports each binding once, by its own name, and every importer still gets the same values', async () => {
    const out = entryExportsUnderOwnNames(ENTRY, built);
    expect(out[0]?.code).toMatch(/export\{li,S,q\};$/);
    expect(out[1]?.code).toContain('import{li as c,S}from"./index-x1.js"');
    expect(out[2]?.code).toContain('import{q as li,li as e}from"./index-x1.js"');
    expect(await load(out)).toEqual(await load(built));
    expect(await load(out)).toEqual([
      [1, 2, 0],
      ['three', 1],
    ]);
  });

  it('stops the build when a chunk reads the entry other than through an import list', () => {
    for (const code of [
      'import*as m from"./index-x1.js";m.$;',
      'export{$ as z}from"./index-x1.js";',
      'import("./index-x1.js").then(m=>m.$);',
    ]) {
      expect(() => entryExportsUnderOwnNames(ENTRY, [built[0]!, { fileName: 'assets/y.js', code }])).toThrow(
        /other than/,
      );
    }
  });

  it('stops the build on a default export or a name the entry does not export', () => {
    const withDefault = { fileName: ENTRY, code: 'var a=1;export{a as default};' };
    expect(() => entryExportsUnderOwnNames(ENTRY, [withDefault])).toThrow(/cannot take its own name/);
    const unknown = { fileName: 'assets/y.js', code: 'import{zz as a}from"./index-x1.js";' };
    expect(() => entryExportsUnderOwnNames(ENTRY, [built[0]!, unknown])).toThrow(/does not export/);
  });
});
