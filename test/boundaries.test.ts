// Folder = where code runs. These checks keep the layering honest as the code grows: code that must run in plain
// Node (and in the renderer's e2e host) never imports Electron, the renderer reaches the bridge through one module,
// and the sandboxed preload pulls in nothing it cannot load.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, win32 } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectPath } from './support/project-path';

const root = process.cwd();

function filesUnder(dir: string, extensions: readonly string[]): string[] {
  const abs = join(root, dir);
  let entries: string[];
  try {
    entries = readdirSync(abs);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const path = join(abs, name);
    if (statSync(path).isDirectory()) return filesUnder(projectPath(root, path), extensions);
    return extensions.some((e) => name.endsWith(e)) ? [projectPath(root, path)] : [];
  });
}

/** Every module specifier a file imports or requires, statically or dynamically. */
function specifiers(source: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\bimport\s+(?:type\s+)?(?:[\w*{}\s,$]+\s+from\s+)?['"]([^'"]+)['"]/g,
    /\bexport\s+(?:type\s+)?[\w*{}\s,$]+\s+from\s+['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) for (const m of source.matchAll(pattern)) if (m[1]) found.push(m[1]);
  return found;
}

const isElectron = (spec: string) => spec === 'electron' || spec.startsWith('electron/');

describe('module boundaries', () => {
  it('finds the specifiers it is meant to police (self-check of the scanner)', () => {
    const sample =
      "import { app } from 'electron';\nimport type { X } from \"electron/main\";\nconst k = await import('electron');\nrequire('electron')";
    expect(specifiers(sample).filter(isElectron)).toHaveLength(4);
  });

  it('names files with / on every system (Windows paths read as the tables are written)', () => {
    expect(projectPath('C:\\src\\oncall', 'C:\\src\\oncall\\electron\\adapters\\notifier.ts', win32)).toBe(
      'electron/adapters/notifier.ts',
    );
    expect(projectPath('/src/oncall', '/src/oncall/electron/main.ts', posix)).toBe('electron/main.ts');
    expect(filesUnder('electron', ['.ts'])).toContain('electron/main.ts');
  });

  it('no file in electron/shared, api, simulator, core or cli imports electron', () => {
    const dirs = ['electron/shared', 'electron/api', 'electron/simulator', 'electron/core', 'electron/cli'];
    const files = dirs.flatMap((d) => filesUnder(d, ['.ts', '.js', '.mjs', '.cjs']));
    expect(files.length).toBeGreaterThan(20);
    const offenders = files.filter((f) => specifiers(readFileSync(join(root, f), 'utf8')).some(isElectron));
    expect(offenders).toEqual([]);
  });

  it('only electron/main.ts, electron/preload.ts and electron/adapters/* import electron', () => {
    const files = filesUnder('electron', ['.ts']);
    const importers = files.filter((f) => specifiers(readFileSync(join(root, f), 'utf8')).some(isElectron));
    const allowed = (f: string) =>
      f === 'electron/main.ts' || f === 'electron/preload.ts' || f.startsWith('electron/adapters/');
    expect(importers.filter((f) => !allowed(f))).toEqual([]);
  });

  it('the renderer reads the bridge (window.oncall) in exactly one module: renderer/src/lib/bridge.ts', () => {
    const access =
      /\b(?:window|globalThis|self)\s*(?:\?\.|\.)\s*oncall\b|\b(?:window|globalThis|self)\s*\[\s*['"`]oncall['"`]\s*\]/;
    const files = filesUnder('renderer', ['.ts', '.js', '.svelte', '.html']);
    const readers = files.filter((f) => access.test(readFileSync(join(root, f), 'utf8')));
    expect(readers).toEqual(['renderer/src/lib/bridge.ts']);
  });

  it('the sandboxed preload imports only electron and the plain channel-name list at run time', () => {
    const source = readFileSync(join(root, 'electron/preload.ts'), 'utf8');
    const runtime = [...source.matchAll(/^import\s+(?!type\b)[^'"]*['"]([^'"]+)['"]/gm)].map((m) => m[1]);
    expect(runtime).toEqual(['electron', './shared/channel-names']);
    const names = readFileSync(join(root, 'electron/shared/channel-names.ts'), 'utf8');
    expect([...names.matchAll(/^import\s+(?!type\b)/gm)]).toEqual([]);
  });
});
