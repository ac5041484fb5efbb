// I'm away: the blocks listed (and what Create all would write) are always those of the days the form shows. When
// main refuses a new range, the blocks planned for the range before are no longer listed under it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HandoffPlan, HandoffStatus } from '../../electron/shared/handoff';
import { accountIdOf } from '../../electron/shared/account-names';
import type { AppState } from '../../electron/shared/view-state';
import { loadRunes, rendererFile } from './support/runes';
import { appState, schedule } from './support/state';

// The module's own type would pull the page's bridge (DOM globals) into this Node project's type check.
interface AwayModule {
  AwayState: new (model: () => AppState) => {
    from: string;
    to: string;
    plan: HandoffPlan | null;
    problem: string;
    forAll: string[];
    readonly ready: boolean;
    load(quiet?: boolean): Promise<void>;
  };
}
const runes = await loadRunes<AwayModule>(rendererFile('lib/away.svelte.ts'));

const status: HandoffStatus = { run: null, said: null, notice: null };
const planOf = (day: string): HandoffPlan => ({
  from: `${day}T00:00:00Z`,
  to: `${day}T23:59:59Z`,
  rows: [
    {
      accountId: accountIdOf('main'),
      accountLabel: 'Acme',
      scheduleId: 'sch_a',
      scheduleName: 'A',
      timeZone: null,
      start: `${day}T09:00:00Z`,
      end: `${day}T17:00:00Z`,
      others: [],
    },
  ],
  excluded: [],
});

let plans: ((range: { from: string; to: string }) => unknown)[];
beforeEach(() => {
  plans = [];
  const invoke = (channel: string, request: { range: { from: string; to: string } }): Promise<unknown> => {
    if (channel === 'handoff:get') return Promise.resolve({ ok: true, value: status });
    if (channel === 'handoff:plan') return Promise.resolve(plans.shift()?.(request.range));
    return Promise.resolve({ ok: false, error: { kind: 'bridge', message: 'not in this test' } });
  };
  vi.stubGlobal('window', { oncall: { invoke } });
});
afterEach(() => vi.unstubAllGlobals());

describe('the days the form opens with', () => {
  const zone = process.env['TZ'];
  afterEach(() => {
    vi.useRealTimers();
    if (zone === undefined) delete process.env['TZ'];
    else process.env['TZ'] = zone;
  });

  it('are today and six calendar days on, also when the clocks go forward in between', () => {
    process.env['TZ'] = 'Europe/Berlin';
    // Sat 28 March 2026, 23:30 in Berlin; the clocks go forward that night, so the week has an hour less.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-03-28T22:30:00Z') });
    const away = runes.inRoot(() => new runes.subject.AwayState(() => appState({}))).value;
    expect([away.from, away.to]).toEqual(['2026-03-28', '2026-04-03']);
  });
});

/** The form with main's plan of one day shown. */
async function plannedFor(day: string) {
  const model = appState({ schedules: [schedule({ id: 'sch_a' })] });
  const away = runes.inRoot(() => new runes.subject.AwayState(() => model)).value;
  away.from = day;
  away.to = day;
  plans.push(() => ({ ok: true, value: planOf(day) }));
  await away.load();
  return away;
}

describe('a range main refuses', () => {
  it('lists none of the blocks planned for the days before, and Create all has nothing to write', async () => {
    const away = await plannedFor('2026-12-01');
    away.forAll = ['dave@example.com'];
    expect([away.plan?.rows.length, away.ready]).toEqual([1, true]);

    away.from = '2026-12-09';
    away.to = '2026-12-02';
    plans.push(() => ({ ok: false, error: { kind: 'invalid', message: 'The last day is before the first.' } }));
    await away.load();
    expect([away.problem, away.plan, away.ready]).toEqual(['The last day is before the first.', null, false]);
  });

  it('keeps the plan of the same days when only a re-plan of them could not be made', async () => {
    const away = await plannedFor('2026-12-01');
    plans.push(() => ({ ok: false, error: { kind: 'bridge', message: 'OnCall Tray did not answer. Try again.' } }));
    await away.load(true);
    expect([away.problem, away.plan?.rows.length]).toEqual(['OnCall Tray did not answer. Try again.', 1]);
  });
});
