// Issue 52, adv52 round 36, as a property: for generated createdAt / item pairs, a saved item is written only if the
// app could have planned it at its run's createdAt: over after that moment, and ending, with the time around it the
// plan had me off call (within), within the plan's reach of it (plan.ts PLAN_REACH_MS, the read horizon and slack). The expected outcome is worked out here from the limit
// alone; the store's own check is not consulted. An item the app could not have planned then is said once and the
// file kept aside as it was. Before, a run dated years before its block was resumed and sent.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createHandoff } from '../../../electron/core/handoff/controller';
import { PLAN_REACH_MS } from '../../../electron/core/handoff/plan';
import { HANDOFF_FILE } from '../../../electron/core/handoff/store';
import type { HandoffItem, HandoffRow } from '../../../electron/shared/handoff';
import type { RequestOf, ResponseOf } from '../../../electron/shared/ipc-contract';
import { accountIdOf } from '../../../electron/shared/accounts';
import { appState, schedule } from '../../renderer/support/state';
import { FakeClock } from '../support/fake-clock';
import { MemoryFileStore } from '../support/memory-file-store';
import { MODEL_ME, modelHeld } from './support/model-held';

const NOW = Date.parse('2026-03-04T12:00:00Z');
const NUM_RUNS = Number(process.env['FC_RUNS'] ?? 80);
/** My blocks as read now: tomorrow, and one 93 days ahead (inside the read horizon's reach from now). */
const ROWS: HandoffRow[] = [
  ['2026-03-05T09:00:00.000Z', '2026-03-05T17:00:00.000Z'],
  ['2026-06-05T09:00:00.000Z', '2026-06-05T17:00:00.000Z'],
].map(([start = '', end = '']) => ({
  accountId: accountIdOf('main'),
  accountLabel: 'Work',
  scheduleId: 'sch_a',
  scheduleName: 'A',
  timeZone: 'Europe/Berlin',
  start,
  end,
  others: [],
}));
const PEOPLE = ['ada', 'bob'].map((n) => ({ id: `usr_${n}`, name: n, email: `${n}@example.com` }));

const itemOf = (row: HandoffRow, withinEndMs: number | undefined): HandoffItem => ({
  ...(withinEndMs === undefined ? {} : { within: { start: row.start, end: new Date(withinEndMs).toISOString() } }),
  id: `${row.scheduleId}|${row.start}`,
  accountId: row.accountId,
  scheduleId: row.scheduleId,
  scheduleName: row.scheduleName,
  timeZone: row.timeZone,
  start: row.start,
  end: row.end,
  email: 'ada@example.com',
  others: [],
  name: 'Ada',
  state: 'pending',
  message: '',
});

async function resume(text: string) {
  const files = new MemoryFileStore();
  files.files.set(HANDOFF_FILE, text);
  const sent: RequestOf<'override:create'>[] = [];
  const create = async (r: RequestOf<'override:create'>): Promise<ResponseOf<'override:create'>> => {
    sent.push(r);
    return { ok: true, value: { status: 'created_unconfirmed', message: '' } };
  };
  const handoff = createHandoff({
    clock: new FakeClock(NOW),
    files,
    state: () => appState({ schedules: [schedule({ id: 'sch_a', users: PEOPLE })] }),
    planFor: () => ({ from: '', to: '', rows: ROWS, excluded: [] }),
    create,
    look: async () => 'not_covered' as const,
    made: async () => 'gone' as const,
    held: { ...modelHeld(), reread: async (_, a, b) => meOnlyOverRows(a, b) },
  });
  await handoff.start();
  await handoff.idle();
  return { files, sent, status: handoff.status() };
}

/** The service as planned: me over my blocks, Carol over all time around them (off call there, as the plan had me). */
function meOnlyOverRows(a: number, b: number) {
  const cuts = [a, ...ROWS.flatMap((r) => [Date.parse(r.start), Date.parse(r.end)]).filter((t) => a < t && t < b), b];
  return cuts.slice(1).map((endMs, i) => {
    const startMs = cuts[i] ?? a;
    const mine = ROWS.some((r) => Date.parse(r.start) <= startMs && endMs <= Date.parse(r.end));
    return { startMs, endMs, emails: [mine ? MODEL_ME : 'carol@example.com'] };
  });
}

/** A createdAt anywhere the clock allows (2000 to now), or within two days either side of the reach's edge. */
const created = (row: HandoffRow): fc.Arbitrary<number> =>
  fc.oneof(
    fc.integer({ min: Date.UTC(2000, 0, 1), max: NOW }),
    fc.integer({ min: -2 * 86_400_000, max: 2 * 86_400_000 }).map((d) => Date.parse(row.end) - PLAN_REACH_MS + d),
  );
/** No within (an older file), or one from the block's start to up to 70 days past its end. */
const withinEnd = (row: HandoffRow): fc.Arbitrary<number | null> =>
  fc.option(fc.integer({ min: 0, max: 70 * 86_400_000 }).map((d) => Date.parse(row.end) + d));
const pairs = fc.constantFrom(...ROWS).chain((row) =>
  fc.tuple(
    fc.constant(row),
    created(row).filter((ms) => ms <= NOW),
    withinEnd(row),
  ),
);

describe('a saved item against its run’s own date', () => {
  it('is written only if the app could have planned it then; otherwise said once, the file kept aside', async () => {
    await fc.assert(
      fc.asyncProperty(pairs, async ([row, createdMs, aroundMs]) => {
        const text = JSON.stringify({
          version: 1,
          id: 'r1',
          createdAt: new Date(createdMs).toISOString(),
          items: [itemOf(row, aroundMs ?? undefined)],
        });
        const { files, sent, status } = await resume(text);
        const endMs = Date.parse(row.end);
        const farthest = Math.max(endMs, aroundMs ?? endMs);
        const couldPlan = endMs > createdMs && farthest - createdMs <= PLAN_REACH_MS;
        const written = sent.some((r) => r.window.kind === 'custom' && r.window.end === row.end);
        expect(written).toBe(couldPlan);
        expect(sent.length).toBe(couldPlan ? 1 : 0);
        const backups = [...files.files.keys()].filter((n) => n.startsWith(`${HANDOFF_FILE}.bad-`));
        expect(backups).toHaveLength(couldPlan ? 0 : 1);
        if (!couldPlan) expect(files.files.get(backups[0] ?? '')).toBe(text);
        expect(status.notice === null).toBe(couldPlan);
      }),
      { numRuns: NUM_RUNS },
    );
  });
});
