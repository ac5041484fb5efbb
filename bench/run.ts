// `npm run bench [-- --only id[,id]]`: runs the sections of ./sections, prints each figure against its target,
// and writes the JSON reports to bench/reports/. Exits 1 when a target is missed. Heap figures need --expose-gc:
// without it, the runner starts itself again under `node --expose-gc --import tsx`.
import { spawnSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { SECTIONS } from './sections';
import { passes, type Figure, type Section } from './types';

const here = dirname(fileURLToPath(import.meta.url));

function relaunchWithGc(): number | undefined {
  if (typeof Reflect.get(globalThis, 'gc') === 'function' || process.env['BENCH_NO_RELAUNCH'] === '1') return undefined;
  const child = spawnSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url), ...process.argv.slice(2)],
    {
      stdio: 'inherit',
      env: { ...process.env, BENCH_NO_RELAUNCH: '1' },
    },
  );
  return child.status ?? 1;
}

type SectionReport = { section: string; title: string; figures: Figure[] };

const SavedReportSchema = z.object({
  sections: z.array(
    z.object({
      section: z.string(),
      title: z.string(),
      figures: z.array(
        z.object({
          name: z.string(),
          value: z.number(),
          unit: z.string(),
          max: z.number().optional(),
          note: z.string().optional(),
        }),
      ),
    }),
  ),
});

/** With --only, the sections not run keep their last figures, so a partial run never drops a report's figures. */
async function withEarlierSections(path: string, fresh: SectionReport[]): Promise<SectionReport[]> {
  const text = await readFile(path, 'utf8').catch(() => '');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return fresh;
  }
  const saved = SavedReportSchema.safeParse(json);
  if (!saved.success) return fresh;
  const order = SECTIONS.map((s) => s.id);
  const kept = saved.data.sections.filter((s) => !fresh.some((f) => f.section === s.section));
  return [...kept, ...fresh].sort((a, b) => order.indexOf(a.section) - order.indexOf(b.section));
}

function line(f: Figure): string {
  const target = f.max === undefined ? '' : ` (target ≤ ${f.max} ${f.unit})`;
  const verdict = f.max === undefined ? '    ' : passes(f) ? 'PASS' : 'FAIL';
  const note = f.note ? `  — ${f.note}` : '';
  return `  ${verdict}  ${f.name}: ${f.value} ${f.unit}${target}${note}`;
}

async function runSections(
  sections: Section[],
): Promise<Map<string, { section: string; title: string; figures: Figure[] }[]>> {
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
  for (const [name, ran] of reports) {
    const figures = ran.flatMap((s) => s.figures);
    const sections = only ? await withEarlierSections(join(dir, `${name}.json`), ran) : ran;
    failed += figures.filter((f) => !passes(f)).length;
    const report = {
      generatedAt: new Date().toISOString(),
      node: process.version,
      platform: `${process.platform}-${process.arch}`,
      sections,
    };
    await writeFile(join(dir, `${name}.json`), `${JSON.stringify(report, null, 2)}\n`);
    process.stdout.write(`report: bench/reports/${name}.json\n`);
  }
  process.stdout.write(failed === 0 ? 'All targets met.\n' : `${failed} target(s) missed.\n`);
  return failed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (cause: unknown) => {
    process.stderr.write(`bench: ${cause instanceof Error ? (cause.stack ?? cause.message) : String(cause)}\n`);
    process.exit(1);
  },
);
