// One table says which folder may import which (like VS Code's layer checker): shared → api → core/model →
// core/<capability> → core/engine → adapters, cli, main; the renderer → shared only. A test fails on any other arrow
// and on any import cycle between files (type-only imports included: a cycle of types is still a knot to untie).
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { join, posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectPath } from './support/project-path';

const root = process.cwd();
const CORE = ['core', 'core/model'];
const ALLOWED: Record<string, readonly string[]> = {
  shared: [],
  api: ['shared'],
  simulator: ['api', 'shared'],
  core: ['api', 'shared'],
  'core/model': ['api', 'shared', 'core'],
  'core/readiness': ['shared', ...CORE],
  'core/platform': ['shared', ...CORE],
  'core/sync': ['api', 'shared', ...CORE],
  'core/storage': ['api', 'shared', ...CORE, 'core/platform'],
  'core/state': ['api', 'shared', ...CORE, 'core/sync', 'core/readiness'],
  'core/reminders': ['api', 'shared', ...CORE, 'core/state', 'core/storage', 'core/sync'],
  'core/actions': ['api', 'shared', ...CORE, 'core/state', 'core/sync'],
  'core/calendar': ['api', 'shared', ...CORE, 'core/state', 'core/storage', 'core/sync'],
  'core/handoff': ['api', 'shared', ...CORE, 'core/actions', 'core/state', 'core/storage', 'core/sync'],
  'core/alarm': ['api', 'shared', ...CORE, 'core/reminders', 'core/storage'],
  'core/escalation': ['shared', ...CORE, 'core/alarm', 'core/readiness', 'core/storage'],
  'core/engine': [
    'api',
    'shared',
    ...CORE,
    'core/actions',
    'core/alarm',
    'core/calendar',
    'core/escalation',
    'core/handoff',
    'core/readiness',
    'core/reminders',
    'core/state',
    'core/storage',
    'core/sync',
  ],
  adapters: [
    'api',
    'shared',
    'simulator',
    ...CORE,
    'core/alarm',
    'core/engine',
    'core/escalation',
    'core/platform',
    'core/readiness',
    'core/state',
    'core/storage',
  ],
  cli: [
    'api',
    'shared',
    'adapters',
    ...CORE,
    'core/alarm',
    // status reads escalations.json back (the phone alert that may still ring), by the app's own checks.
    'core/escalation',
    'core/calendar',
    'core/engine',
    'core/state',
    'core/storage',
  ],
  main: ['shared', 'adapters', ...CORE, 'core/engine', 'core/platform', 'core/state', 'core/storage'],
  preload: ['shared'],
  renderer: ['shared'],
};

/** Files one folder may import outside its table row, each with why. Keep this short: each entry is a debt. */
const EXCEPTIONS: Record<string, readonly string[]> = {};

function filesUnder(dir: string): string[] {
  const abs = join(root, dir);
  if (!existsSync(abs)) return [];
  return readdirSync(abs).flatMap((name) => {
    const path = join(abs, name);
    if (statSync(path).isDirectory()) return filesUnder(projectPath(root, path));
    return /\.(ts|svelte)$/.test(name) && !name.endsWith('.d.ts') ? [projectPath(root, path)] : [];
  });
}

/** The layer a file belongs to: electron/core/<capability>, electron/<folder>, main, preload, or renderer. */
export function layerOf(file: string): string | undefined {
  const parts = file.split('/');
  if (parts[0] === 'renderer') return 'renderer';
  if (parts[0] !== 'electron') return undefined;
  if (parts.length === 2) return parts[1] === 'main.ts' ? 'main' : parts[1] === 'preload.ts' ? 'preload' : undefined;
  if (parts[1] === 'core') return parts.length === 3 ? 'core' : `core/${parts[2]}`;
  return parts[1];
}

const IMPORT =
  /(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+\s+from\s+)?['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

/** The project files a file imports (relative specifiers resolved as TypeScript and Vite do), named with `/`. */
export function importsOf(file: string, source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2];
    if (!spec) continue;
    const base = posix.normalize(posix.join(posix.dirname(file), spec));
    const hit = [base, `${base}.ts`, `${base}/index.ts`].find(
      (c) => /\.(ts|svelte)$/.test(c) && existsSync(join(root, c)),
    );
    if (hit) found.push(hit);
  }
  return found;
}

/** Every cycle (strongly connected component of more than one file, or a file importing itself). */
export function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v) ?? 0, idx.get(w) ?? 0));
    }
    if (low.get(v) !== idx.get(v)) return;
    const component: string[] = [];
    let w: string | undefined;
    do {
      w = stack.pop();
      if (w === undefined) break;
      on.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(component.sort());
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return out;
}

/**
 * The modules a file imports for their values (what a bundler keeps): `import type`, `export type` and imports whose
 * every name is `type …` are left out. Relative specifiers come back resolved; packages as they are written.
 */
export function valueImportsOf(file: string, source: string): string[] {
  const found: string[] = [];
  const VALUE = /(?:import|export)\s+(?!type\s)([\w*{}\s,$]+\s+from\s+)?['"]([^'"]+)['"]/g;
  for (const m of source.matchAll(VALUE)) {
    const names = /\{([^}]*)\}/.exec(m[1] ?? '')?.[1];
    const onlyTypes =
      names !== undefined &&
      /^[^{]*\{/.test(m[1] ?? '') &&
      !/^\s*\w+\s*,/.test(m[1] ?? '') &&
      names.split(',').every((n) => n.trim() === '' || n.trim().startsWith('type '));
    const spec = m[2] ?? '';
    if (onlyTypes) continue;
    if (!spec.startsWith('.')) found.push(spec);
    else found.push(...importsOf(file, `import '${spec}';`));
  }
  return found;
}

const files = [...filesUnder('electron'), ...filesUnder('renderer/src')];
const graph = new Map(files.map((f) => [f, importsOf(f, readFileSync(join(root, f), 'utf8'))]));

describe('layers', () => {
  it('every import follows the table (and every folder is in it)', () => {
    // Every file has a layer: a path the table can't read (e.g. Windows's `electron\\core\\…`) would pass unchecked.
    expect(files.filter((f) => layerOf(f) === undefined)).toEqual([]);
    const wrong: string[] = [];
    for (const [file, targets] of graph) {
      const from = layerOf(file);
      if (from === undefined) continue;
      if (!(from in ALLOWED)) wrong.push(`${file}: folder ${from} is not in the table`);
      for (const target of targets) {
        const to = layerOf(target);
        if (to === undefined || to === from) continue;
        if ((ALLOWED[from] ?? []).includes(to) || (EXCEPTIONS[from] ?? []).includes(target)) continue;
        wrong.push(`${file} → ${target} (${from} → ${to})`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('no file takes part in an import cycle', () => {
    expect(files.length).toBeGreaterThan(150);
    expect(cyclesOf(graph)).toEqual([]);
  });

  it('the renderer bundles no zod (pushed state is checked by JSON Schema made at build time)', () => {
    const seen = new Set<string>();
    const withZod: string[] = [];
    const visit = (file: string, via: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      const imports = valueImportsOf(file, readFileSync(join(root, file), 'utf8'));
      if (imports.includes('zod')) withZod.push(`${file} (from ${via})`);
      for (const next of imports) if (/\.(ts|svelte)$/.test(next) && !next.startsWith('zod')) visit(next, file);
    };
    for (const f of filesUnder('renderer/src')) visit(f, f);
    expect(seen.size).toBeGreaterThan(40);
    expect(withZod).toEqual([]);
    // It sees a value import that would bring zod in, and skips a type-only one.
    expect(
      valueImportsOf('renderer/src/lib/x.ts', "import { nextStep } from '../../../electron/shared/action-error';"),
    ).toEqual(['electron/shared/action-error.ts']);
    expect(
      valueImportsOf(
        'renderer/src/lib/x.ts',
        "import type { ActionError } from '../../../electron/shared/action-error';",
      ),
    ).toEqual([]);
    expect(
      valueImportsOf(
        'renderer/src/lib/x.ts',
        "import { type ActionError } from '../../../electron/shared/action-error';",
      ),
    ).toEqual([]);
  });

  it('the checks see what they are meant to police (a planted cycle and a planted wrong arrow are found)', () => {
    const planted = new Map(graph);
    planted.set('electron/shared/format.ts', [
      ...(graph.get('electron/shared/format.ts') ?? []),
      'electron/core/state/derive.ts',
    ]);
    expect(cyclesOf(planted).some((c) => c.includes('electron/shared/format.ts'))).toBe(true);
    expect(importsOf('renderer/src/lib/glance.ts', "import { a } from '../../../electron/shared/format';")).toEqual([
      'electron/shared/format.ts',
    ]);
    expect(layerOf('electron/core/model/snapshot.ts')).toBe('core/model');
    expect(ALLOWED['renderer']).not.toContain(layerOf('electron/core/state/derive.ts'));
  });
});
