// `npm run bench [-- --only id[,id]]`: runs the sections of ./sections, prints each figure against its target,
// and writes the JSON reports to bench/reports/. Exits 1 when a target is missed. Heap figures need --expose-gc:
// without it, the runner starts itself again under `node --expose-gc --import tsx`.
import { spawnSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { SECTIONS } from './sections';
import { passes, type Figure, type Section } from './types';

const here = dirname(fileURLToPath(import.meta.url));

function relaunchWithGc(): number | undefined {
  if (typeof Reflect.get(globalThis, 'gc') === 'function' || process.env['BENCH_NO_RELAUNCH'] === '1') return undefined;
  const child = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_NO_RELAUNCH: '1' },
  });
  return child.status ?? 1;
}

function line(f: Figure): string {
  const target = f.max === undefined ? '' : ` (target ≤ ${f.max} ${f.unit})`;
  const verdict = f.max === undefined ? '    ' : passes(f) ? 'PASS' : 'FAIL';
  const note = f.note ? `  — ${f.note}` : '';
  return `  ${verdict}  ${f.name}: ${f.value} ${f.unit}${target}${note}`;
}

async function runSections(sections: Section[]): Promise<Map<string, { section: string; title: string; figures: Figure[] }[]>> {
  const reports = new Map<string, { section: string; title: string; figures: Figure[] }[]>();
  for (const section of sections) {
    process.stdout.write(`${section.title}\n`);
    const figures = await section.run();
    for (const f of figures) process.stdout.write(`${line(f)}\n`);
    const list = reports.get(section.report) ?? [];
    list.push({ section: section.id, title: section.title, figures });
    reports.set(section.report, list);
  }
  return reports;
}

async function main(): Promise<number> {
  const relaunched = relaunchWithGc();
  if (relaunched !== undefined) return relaunched;
  const { values } = parseArgs({ options: { only: { type: 'string' } } });
  const only = values.only?.split(',');
  const chosen = SECTIONS.filter((s) => !only || only.includes(s.id));
  const reports = await runSections(chosen);
  const dir = join(here, 'reports');
  await mkdir(dir, { recursive: true });
  let failed = 0;
  for (const [name, sections] of reports) {
    const figures = sections.flatMap((s) => s.figures);
    failed += figures.filter((f) => !passes(f)).length;
    const report = { generatedAt: new Date().toISOString(), node: process.version, platform: `${process.platform}-${process.arch}`, sections };
    await writeFile(join(dir, `${name}.json`), `${JSON.stringify(report, null, 2)}\n`);
    process.stdout.write(`report: bench/reports/${name}.json\n`);
  }
  process.stdout.write(failed === 0 ? 'All targets met.\n' : `${failed} target(s) missed.\n`);
  return failed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (cause: unknown) => {
    process.stderr.write(`bench: ${cause instanceof Error ? cause.stack ?? cause.message : String(cause)}\n`);
    process.exit(1);
  },
);
