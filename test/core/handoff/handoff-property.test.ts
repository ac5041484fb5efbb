// Issue 37, generated hostile worlds for the range hand-off: a generated range of blocks on two schedules, and a
// fault per write — lands but its answer is lost (the write path's "outcome unknown"), a 5xx that saved nothing
// (verified: "not created"), a refusal, or the app stopping while a write is on its way (landed or not), then a
// restart that resumes from disk — followed by Retry until nothing is left to send. The service here is a model
// whose override list is the oracle: every block ends handed off exactly once or told as not done, no window gets
// two overrides, and what each item says matches the service's own list. (The real simulator and write path with
// these faults: range-handoff.test.ts.) Counterexamples found are kept below as plain tests.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createHandoff, RECHECK_MS, type HandoffController } from '../../../electron/core/handoff/controller';
import { unconfirmed } from '../../../electron/shared/handoff-text';
import type { HandoffItemInput, HandoffRow } from '../../../electron/shared/handoff';
import type { RequestOf, ResponseOf } from '../../../electron/shared/ipc-contract';
import { appState, schedule } from '../../renderer/support/state';
import { FakeClock } from '../support/fake-clock';
import { MemoryFileStore } from '../support/memory-file-store';
import { accountIdOf } from '../../../electron/shared/accounts';
import { HOUR } from '../../support/time';
import { modelHeld } from './support/model-held';

const NOW = Date.parse('2026-03-04T12:00:00Z');
const NUM_RUNS = Number(process.env['FC_RUNS'] ?? 40);

type Fault = 'pass' | 'lost_after_landing' | 'fail_5xx' | 'refused' | 'stop_after_landing' | 'stop_before_landing';

interface Block {
  scheduleId: 'sch_a' | 'sch_b';
  startMs: number;
  endMs: number;
}

interface Override {
  scheduleId: string;
  start: string;
  end: string;
  emails: string[];
}

/** The service: its overrides (the oracle) and the scripted fault of each write, in order. */
function world(faults: readonly Fault[]) {
  const overrides: Override[] = [];
  let writes = 0;
  let stop: () => void = () => undefined;
  const create = async (r: RequestOf<'override:create'>): Promise<ResponseOf<'override:create'>> => {
    const fault = faults[writes++] ?? 'pass';
    const w = r.window;
    if (w.kind !== 'custom') throw new Error('a hand-off writes custom windows only');
    const land = () => overrides.push({ scheduleId: r.scheduleId, start: w.start, end: w.end, emails: [...r.emails] });
    if (fault === 'stop_after_landing' || fault === 'stop_before_landing') {
      if (fault === 'stop_after_landing') land();
      stop();
      return { ok: false, error: { kind: 'outcome_unknown', message: 'The app stopped.' } };
    }
    if (fault === 'refused') return { ok: false, error: { kind: 'rejected', message: 'Not on this schedule.' } };
    if (fault === 'fail_5xx') return { ok: true, value: { status: 'not_created', message: 'HTTP 500, not saved.' } };
    land();
    if (fault === 'lost_after_landing') return { ok: false, error: { kind: 'outcome_unknown', message: 'No answer.' } };
    return { ok: true, value: { status: 'created_unconfirmed', message: '' } };
  };
  const look = async (scheduleId: string, startMs: number, endMs: number, emails: string[]) => {
    const here = overrides.some(
      (o) =>
        o.scheduleId === scheduleId &&
        Date.parse(o.start) === startMs &&
        Date.parse(o.end) === endMs &&
        o.emails.join() === emails.join(),
    );
    return here ? ('covered' as const) : ('not_covered' as const);
  };
  /** Who the service holds over a window an override covers exactly (else me, as planned). */
  const held = (scheduleId: string, startMs: number, endMs: number) =>
    overrides.find((o) => o.scheduleId === scheduleId && Date.parse(o.start) === startMs && Date.parse(o.end) === endMs)
      ?.emails;
  return { overrides, create, look, held, onStop: (f: () => void) => (stop = f) };
}

async function play(blocks: readonly Block[], faults: readonly Fault[]) {
  const service = world(faults);
  const clock = new FakeClock(NOW);
  const files = new MemoryFileStore();
  const rows: HandoffRow[] = blocks.map((b) => ({
    accountId: accountIdOf('main'),
    accountLabel: 'Work',
    scheduleId: b.scheduleId,
    scheduleName: b.scheduleId,
    timeZone: 'Europe/Berlin',
    start: new Date(b.startMs).toISOString(),
    end: new Date(b.endMs).toISOString(),
    others: [],
  }));
  const controller = (): HandoffController =>
    createHandoff({
      clock,
      files,
      // Both schedules watched: a resumed item is checked against what the app watches now.
      state: () => appState({ schedules: [schedule({ id: 'sch_a' }), schedule({ id: 'sch_b' })] }),
      planFor: () => ({ from: '', to: '', rows, excluded: [] }),
      create: service.create,
      look: service.look,
      held: modelHeld(service.held),
    });
  let app = controller();
  let stopped = false;
  service.onStop(() => {
    stopped = true;
    void app.stop();
  });
  await app.start();
  const items: HandoffItemInput[] = rows.map((r) => ({ ...r, email: 'cy@example.com' }));
  await app.create(items);
  // Restarts while a write stops the app, then Retry while anything may still be sent: at most one per fault.
  for (let round = 0; round < faults.length + 2; round++) {
    if (stopped) {
      stopped = false;
      app = controller();
      service.onStop(() => {
        stopped = true;
        void app.stop();
      });
      await app.start();
      await app.idle();
    }
    const open = app.status().run?.items.some((i) => i.state !== 'handed_off' && i.state !== 'refused');
    if (!open) break;
    await app.retry();
    await clock.advance(RECHECK_MS);
    await app.idle();
  }
  return { service, status: app.status() };
}

function judge(blocks: readonly Block[], result: Awaited<ReturnType<typeof play>>): void {
  const { service, status } = result;
  const items = status.run?.items ?? [];
  expect(items).toHaveLength(blocks.length);
  // No window has two overrides (no duplicate), and none was written outside the blocks.
  const windows = service.overrides.map((o) => `${o.scheduleId}|${o.start}|${o.end}`);
  expect(new Set(windows).size).toBe(windows.length);
  for (const item of items) {
    const onService = windows.filter((w) => w === `${item.scheduleId}|${item.start}|${item.end}`).length;
    // Each block ends handed off exactly once, or told as not done — and what is told is what the service has.
    // A "handed off" resumed from the file with no override id (this model's writes answer none) is not said as
    // the hand-off's doing after a restart (issue 52): it can't be confirmed, though the service holds it.
    expect(['handed_off', 'refused', 'not_landed', 'not_sent', 'changed']).toContain(item.state);
    if (item.state === 'changed') expect(unconfirmed(item)).toBe(true);
    // A send that may have left and that the service doesn't show can't be confirmed either way (it may have landed
    // under a change back; adv48 round 6 #1): never sent again, so at most one.
    if (unconfirmed(item)) expect(onService).toBeLessThanOrEqual(1);
    else expect([item.id, item.state === 'handed_off' ? 1 : 0]).toEqual([item.id, onService]);
  }
  const sure = items.filter((i) => i.state === 'handed_off').length;
  expect(windows.length).toBeGreaterThanOrEqual(sure);
  expect(windows.length).toBeLessThanOrEqual(sure + items.filter((i) => unconfirmed(i)).length);
}

const blocksArb = fc
  .array(
    fc.record({
      schedule: fc.constantFrom('sch_a' as const, 'sch_b' as const),
      hours: fc.integer({ min: 1, max: 30 }),
    }),
    {
      minLength: 1,
      maxLength: 6,
    },
  )
  .map((gens) => {
    // Back to back per schedule, from an hour from now: blocks of one schedule never overlap.
    const next = { sch_a: NOW + HOUR, sch_b: NOW + 2 * HOUR };
    return gens.map(({ schedule, hours }) => {
      const startMs = next[schedule];
      next[schedule] = startMs + hours * HOUR + HOUR;
      return { scheduleId: schedule, startMs, endMs: startMs + hours * HOUR };
    });
  });
const faultArb = fc.constantFrom<Fault>(
  'pass',
  'lost_after_landing',
  'fail_5xx',
  'refused',
  'stop_after_landing',
  'stop_before_landing',
);

describe('range hand-off in generated hostile worlds', () => {
  it('every block ends handed off exactly once or told as not done, as the service itself says', async () => {
    await fc.assert(
      fc.asyncProperty(blocksArb, fc.array(faultArb, { maxLength: 10 }), async (blocks, faults) => {
        judge(blocks, await play(blocks, faults));
      }),
      { numRuns: NUM_RUNS, seed: 37 },
    );
  }, 120_000);

  // The shrunk counterexample when Retry sends an item that may have landed without looking first (found with
  // maybeSent broken on purpose: the property fails then).
  it('kept case: one block whose answer is lost after it landed is looked for on Retry, not sent again', async () => {
    const blocks: Block[] = [{ scheduleId: 'sch_a', startMs: NOW + HOUR, endMs: NOW + 2 * HOUR }];
    const result = await play(blocks, ['lost_after_landing']);
    judge(blocks, result);
    expect(result.status.run?.items.map((i) => i.state)).toEqual(['handed_off']);
    expect(result.service.overrides).toHaveLength(1);
  });

  it('kept case: the app stops while the first write lands, then the second is refused', async () => {
    const blocks: Block[] = [
      { scheduleId: 'sch_a', startMs: NOW + HOUR, endMs: NOW + 9 * HOUR },
      { scheduleId: 'sch_b', startMs: NOW + 2 * HOUR, endMs: NOW + 10 * HOUR },
    ];
    const result = await play(blocks, ['stop_after_landing', 'refused']);
    judge(blocks, result);
    expect(result.status.run?.items.map((i) => i.state)).toEqual(['handed_off', 'refused']);
    expect(result.service.overrides).toHaveLength(1);
  });

  it('kept case: an answer lost after landing, then a 5xx on the retry of another block', async () => {
    const blocks: Block[] = [
      { scheduleId: 'sch_a', startMs: NOW + HOUR, endMs: NOW + 9 * HOUR },
      { scheduleId: 'sch_a', startMs: NOW + 10 * HOUR, endMs: NOW + 18 * HOUR },
    ];
    const result = await play(blocks, ['lost_after_landing', 'fail_5xx', 'fail_5xx']);
    judge(blocks, result);
    expect(result.service.overrides.map((o) => o.start)).toEqual([
      new Date(NOW + HOUR).toISOString(),
      new Date(NOW + 10 * HOUR).toISOString(),
    ]);
  });
});
