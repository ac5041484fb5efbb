// Which modules word user text (issue 47): those that import a wording primitive, and what the text registry
// (test/support/text-registry.ts) reaches through its imports. Shared by registry-reach.test.ts and
// test/surface-size.test.ts.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { projectPath } from './project-path';

const root = process.cwd();
/** The wording primitives: importing one of these makes a module a text producer (the timeline's lookups in
 *  shared/basis don't: they answer what is known, not how it is said). */
const WORDING = new Set(
  (
    'formatDayTime formatTime formatWindow formatDate formatDuration formatRelative formatCountdown zoneLabel ' +
    'untilPhrase basisNote basisMark savedMark thenUnknown unknownWhyText gapsText gapsBefore myAbsence ' +
    'withAccount accountNamed readinessLine syncText loadFigures handoffSummary'
  ).split(' '),
);
const NAMED = /import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+['"](\.[^'"]+)['"]/g;
/** Whether a file imports a wording primitive by name. */
export const wordsText = (file: string): boolean =>
  [...readFileSync(join(root, file), 'utf8').matchAll(NAMED)].some((m) =>
    (m[1] ?? '').split(',').some((n) => WORDING.has(n.trim().split(/\s+as\s+/)[0] ?? '')),
  );

/** The TypeScript modules under `dir`; with `ext` /\.svelte$/, its Svelte components (which word text too). */
export function filesUnder(dir: string, ext = /\.ts$/): string[] {
  const abs = join(root, dir);
  if (!existsSync(abs)) return [];
  return readdirSync(abs).flatMap((name) => {
    const path = join(abs, name);
    if (statSync(path).isDirectory()) return filesUnder(projectPath(root, path), ext);
    return ext.test(name) && !name.endsWith('.d.ts') ? [projectPath(root, path)] : [];
  });
}

const IMPORT = /(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+\s+from\s+)?['"](\.[^'"]+)['"]/g;
const importsOf = (file: string): string[] =>
  [...readFileSync(join(root, file), 'utf8').matchAll(IMPORT)].map((m) => m[1] ?? '');

function resolve(from: string, spec: string): string | undefined {
  const base = posix.normalize(posix.join(dirname(from), spec));
  return [base, `${base}.ts`, `${base}/index.ts`].find(
    (p) => existsSync(join(root, p)) && statSync(join(root, p)).isFile(),
  );
}

export function reachable(start: string): Set<string> {
  const seen = new Set<string>();
  const todo = [start];
  while (todo.length > 0) {
    const file = todo.pop() ?? '';
    if (seen.has(file)) continue;
    seen.add(file);
    for (const spec of importsOf(file)) {
      const to = resolve(file, spec);
      if (to) todo.push(to);
    }
  }
  return seen;
}
