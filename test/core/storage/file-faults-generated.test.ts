// The fault harness over generated contents (issue 52; fast-check, FC_RUNS=n): settings.json and cache.json — the
// two files the engine reads at start that had no generated cases — filled with generated damaged and
// plausible-but-false texts (saved data "from" any time, a take-over "made" at any time, schedules the app doesn't
// watch, JSON and text of any shape, a valid file cut anywhere). For each, a real engine against the simulator:
// it starts, keeps working (the watched schedule is read fresh), writes nothing to the service, shows no schedule
// it doesn't watch, tells each thing at most once and never with the file's text, keeps the original aside, and no
// key appears in a file or a notice.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptySnapshot } from '../../../electron/core/model/snapshot';
import { redactSecrets } from '../../../electron/core/storage/redact-secrets';
import { createHarness, type Harness } from '../support/engine-harness';
import { MemoryFileStore } from '../support/memory-file-store';
import { ME, quietSeed } from '../support/seeds';

const NUM_RUNS = Number(process.env['FC_RUNS'] ?? 6);
const START = Date.parse('2026-03-25T06:00:00Z');
const MIN = 60_000;

let h: Harness;
let settings = '';
beforeAll(async () => {
  h = await createHarness({ startMs: START, seed: quietSeed(1) });
  const url = new URL(h.sim.url);
  await h.secrets.set(`main@${url.host}`, h.sim.apiKey);
  const account = {
    id: 'main',
    label: url.hostname,
    baseUrl: h.sim.url,
    email: ME,
    schedules: [{ id: 'sch_quiet_0' }],
  };
  settings = JSON.stringify({ version: 2, accounts: [account], startAtLogin: true });
});
afterAll(() => h.close());

const instant = fc.oneof(
  fc.constantFrom('2099-01-01T00:00:00Z', '1970-01-01T00:00:00Z', 'yesterday', '', '2026-03-25T05:00:00Z'),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
);
const scheduleId = fc.constantFrom('sch_quiet_0', 'sch_gone', 'sch_quiet_0\nx', '');
const cacheText = fc.oneof(
  fc
    .record({
      schedules: fc.array(fc.record({ id: scheduleId, fetchedAt: instant }), { maxLength: 3 }),
      overrides: fc.array(fc.record({ id: scheduleId, createdAt: instant, start: instant, end: instant }), {
        maxLength: 2,
      }),
    })
    .map((g) =>
      JSON.stringify({
        ...emptySnapshot(),
        schedules: g.schedules.map((s) => ({
          id: s.id,
          details: null,
          detailsFetchedAt: s.fetchedAt,
          shifts: [],
          shiftsFrom: null,
          shiftsTo: null,
          shiftsFetchedAt: s.fetchedAt,
          problem: null,
          notFound: false,
        })),
        createdOverrides: g.overrides.map((o, i) => ({
          id: `ov${i}`,
          scheduleId: o.id,
          start: o.start,
          end: o.end,
          createdAt: o.createdAt,
          kind: 'take-over',
        })),
      }),
    ),
  fc.json(),
  fc.string({ maxLength: 60 }),
);
const settingsText = fc.oneof(
  fc.nat(400).map((cut) => settings.slice(0, cut)),
  fc.json(),
  fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue(), { maxKeys: 4 }).map((extra) => {
    const parsed: unknown = JSON.parse(settings);
    return JSON.stringify({ ...(parsed as object), ...extra });
  }),
);

async function holds(file: string, original: string): Promise<void> {
  const memory = new MemoryFileStore();
  if (file !== 'settings.json') memory.files.set('settings.json', settings);
  memory.files.set(file, original);
  const overridesBefore = h.sim.state.schedules.get('sch_quiet_0')?.overrides.length ?? 0;
  const engine = h.engine({ files: memory });
  await engine.start();
  await h.clock.advance(2 * MIN);
  const state = engine.getState();
  await engine.stop();
  // Starts and keeps working; shows nothing it doesn't watch.
  for (const s of state.schedules) expect(s.id).toBe('sch_quiet_0');
  if (file === 'cache.json') expect(state.schedules[0]?.status.kind).toBe('fresh');
  expect(h.sim.state.schedules.get('sch_quiet_0')?.overrides.length ?? 0).toBe(overridesBefore);
  const told = state.notices.map((n) => n.message);
  expect(new Set(told).size).toBe(told.length);
  if (original.length > 12) for (const t of told) expect(t).not.toContain(original);
  const backups = [...memory.files.keys()].filter((n) => n.startsWith(`${file}.bad-`));
  expect(backups.length).toBeLessThanOrEqual(1);
  for (const b of backups) expect(memory.files.get(b)).toBe(redactSecrets(original));
  // Saved data of a schedule not watched now is never dropped silently: said, and the file kept aside (adv52 r2).
  if (file === 'cache.json' && original.includes('"id":"sch_gone","details"')) {
    expect(backups).toHaveLength(1);
    expect(told.some((t) => /saved schedule data/.test(t))).toBe(true);
  }
  for (const text of [...memory.files.values(), ...told]) expect(text).not.toContain(h.sim.apiKey);
}

describe('the fault harness over generated files', () => {
  it('cache.json: generated saved data never stops the start, is never shown or written from, told once', async () => {
    await fc.assert(
      fc.asyncProperty(cacheText, (text) => holds('cache.json', text)),
      { numRuns: NUM_RUNS },
    );
  });

  it('settings.json: generated settings never stop the start, leak no key, told once, kept aside', async () => {
    await fc.assert(
      fc.asyncProperty(settingsText, (text) => holds('settings.json', text)),
      { numRuns: NUM_RUNS },
    );
  });
});
