// Issue 27, cases 2, 3 and 5: statements that span time rest on the known timeline. Each case starts from a read as
// the API edge leaves it in the snapshot (readable shifts, the read range, holes where the service sent a shift the
// app couldn't read), derives the state, and reads the surfaces a user reads: the tray's tooltip and menu, the
// popover as painted, the hand-off summary, `npm run status`, the override preview and the week timeline.
import { beforeAll, describe, expect, it } from 'vitest';
import { formatStatus } from '../../../electron/cli/status-format';
import { planOverride, resolveWindow } from '../../../electron/core/actions/override-window';
import { deriveState } from '../../../electron/core/state/derive';
import { buildHandoffSummary } from '../../../electron/core/state/handoff-summary';
import { buildTrayMenu, trayTooltip } from '../../../electron/core/state/tray-menu';
import type { Snapshot } from '../../../electron/core/model/snapshot';
import type { AppState } from '../../../electron/shared/view-state';
import { timelineModel } from '../../../renderer/src/lib/timeline';
import { uncoveredText } from '../../../renderer/src/lib/glance';
import {
  SETUP_OK,
  alice,
  bob,
  details,
  ms,
  scheduleSnap,
  settingsWith,
  shift,
  snapshotOf,
  user,
} from '../support/fixtures';
import { loadPopover, popover } from '../support/popover-text';
import { trayLabels } from '../support/tray-labels';

const ZONE = 'UTC';
const NOW = '2026-03-03T09:00:00Z';
const mia = user('Mia');
const WATCHED = [{ id: 'sch_platform', name: 'Platform' }];

function derive(snapshot: Snapshot): AppState {
  return deriveState({
    snapshot,
    nowMs: ms(NOW),
    settings: settingsWith({ schedules: WATCHED }),
    setup: SETUP_OK,
    syncing: false,
    notices: [],
    localZone: ZONE,
  });
}

/** Read at 08:58 over [Mon 00:00, Mar 17): Bob until 06:00 today, nobody until 13:00, then Alice's 13:00–21:00 shift
 *  (sent unreadable: a hole), nobody, Mia from 22:00. */
function platform(opts: { hole: boolean }): Snapshot {
  const shifts = [
    shift('2026-03-02T00:00:00Z', '2026-03-03T06:00:00Z', bob),
    ...(opts.hole ? [] : [shift('2026-03-03T13:00:00Z', '2026-03-03T21:00:00Z', alice)]),
    shift('2026-03-03T22:00:00Z', '2026-03-04T22:00:00Z', mia),
  ];
  return snapshotOf(
    [
      scheduleSnap('sch_platform', shifts, {
        details: details('Platform', ZONE, [alice, bob, mia]),
        detailsFetchedAt: '2026-03-03T08:58:00Z',
        shiftsFrom: '2026-03-02T00:00:00Z',
        shiftsTo: '2026-03-17T00:00:00Z',
        shiftsFetchedAt: '2026-03-03T08:58:00Z',
        shiftHoles: opts.hole ? [{ from: '2026-03-03T13:00:00Z', to: '2026-03-03T21:00:00Z' }] : [],
      }),
    ],
    { coverageFetchedAt: '2026-03-03T08:58:00Z' },
  );
}

beforeAll(loadPopover, 300_000);

describe('issue 27, case 2: "until" stops where what is known stops', () => {
  it('says "uncovered until 13:00, then unknown" on every surface when the shift from 13:00 was sent unreadable', () => {
    const state = derive(platform({ hole: true }));
    const tooltip = trayTooltip(state, ms(NOW), ZONE);
    const menu = trayLabels(buildTrayMenu(state, ms(NOW), ZONE)).join('\n');
    const summary = buildHandoffSummary(state, { nowMs: ms(NOW), localZone: ZONE });
    const status = formatStatus(state, { nowMs: ms(NOW), localZone: ZONE });
    const card = popover(state, ms(NOW), ZONE).card('sch_platform');

    expect(tooltip).toContain('Uncovered: Platform until 13:00, then unknown');
    expect(menu).toContain('Now: ⚠ uncovered until 13:00, then unknown');
    expect(menu).toContain('Next: nothing planned until 13:00, then unknown');
    // "Nothing planned until 13:00" alone reads as if something were planned at 13:00: it was never read.
    expect(status).toMatch(/next: nothing scheduled until [^\n]*13:00, then unknown/);
    expect(uncoveredText(state.schedules[0]!, { nowMs: ms(NOW), locale: 'en-GB', localZone: ZONE })).toBe(
      'Uncovered until 13:00, then unknown',
    );
    expect(card).toContain('Uncovered until 13:00, then unknown');
    expect(summary).toContain('Platform: nobody on call until 13:00 UTC, then unknown');
    // Nothing past the hole is said as if the hole weren't there.
    for (const text of [tooltip, menu, summary, status, card]) {
      expect(text).not.toMatch(/until 21:00|Mia (Mia )?from 22:00|next Mia|nothing (planned|scheduled) until (21|22)/);
    }
  });

  it('still says who comes next where the time between was read', () => {
    const state = derive(platform({ hole: false }));
    expect(trayTooltip(state, ms(NOW), ZONE)).toContain('Uncovered: Platform until 13:00');
    expect(trayTooltip(state, ms(NOW), ZONE)).not.toContain('then unknown');
    expect(buildHandoffSummary(state, { nowMs: ms(NOW), localZone: ZONE })).toContain(
      'Platform: nobody on call, next Alice from 13:00 UTC',
    );
  });
});

describe('issue 27, case 3: unknown people are unknown, never "nobody"', () => {
  const request = {
    scheduleId: 'sch_platform',
    window: { kind: 'next_hours' as const, hours: 2 as const },
    emails: ['bob@example.com'],
  };

  it('previews "replaces: unknown" for a schedule that never loaded, and for a window over a hole', () => {
    const never = snapshotOf([scheduleSnap('sch_platform', [], { shiftsFrom: null, shiftsTo: null })]);
    const plan = planOverride(request, never, settingsWith({ schedules: WATCHED }), ms(NOW));
    expect(plan.ok && plan.value.preview).toMatchObject({ replaces: [], unknownOnCall: true });

    const holed = planOverride(
      { ...request, window: { kind: 'custom', start: '2026-03-03T12:00:00Z', end: '2026-03-03T14:00:00Z' } },
      platform({ hole: true }),
      settingsWith({ schedules: WATCHED }),
      ms(NOW),
    );
    expect(holed.ok && holed.value.preview).toMatchObject({ replaces: [], unknownOnCall: true });
  });

  it('refuses "rest of the current shift" as unknown, not "nobody", where now is not known', () => {
    const rest = { ...request, window: { kind: 'rest_of_current' as const } };
    const never = snapshotOf([scheduleSnap('sch_platform', [], { shiftsFrom: null, shiftsTo: null })]);
    const unknown = resolveWindow(rest, never, ms(NOW));
    expect(!unknown.ok && unknown.error.message).toMatch(/^Who is on call on this schedule now isn't known/);
    // Inside the hole (13:00–21:00) too; read with nobody on call (09:00) it says nobody.
    const inHole = resolveWindow(rest, platform({ hole: true }), ms('2026-03-03T14:00:00Z'));
    expect(!inHole.ok && inHole.error.message).toMatch(/isn't known/);
    const nobody = resolveWindow(rest, platform({ hole: true }), ms(NOW));
    expect(!nobody.ok && nobody.error.message).toMatch(/^Nobody is on call/);
  });

  it('says "replaces nobody" only over time read with nobody on call', () => {
    const plan = planOverride(
      { ...request, window: { kind: 'custom', start: '2026-03-03T10:00:00Z', end: '2026-03-03T12:00:00Z' } },
      platform({ hole: true }),
      settingsWith({ schedules: WATCHED }),
      ms(NOW),
    );
    expect(plan.ok && plan.value.preview).toMatchObject({ replaces: [], onCallBefore: 0 });
    expect(plan.ok && plan.value.preview.unknownOnCall).toBeUndefined();
  });
});

describe('issue 27, case 5: the week draws every shift read', () => {
  it('names every person on call in the week, hatching only the hole and the time before the read', () => {
    const state = derive(platform({ hole: true }));
    const [row] = timelineModel(state, { nowMs: ms(NOW), locale: 'en-GB', localZone: ZONE }).rows;
    const people = new Set(row?.segments.flatMap((s) => (s.kind === 'person' ? s.people.map((p) => p.name) : [])));
    expect([...people].sort()).toEqual(['Bob', 'Mia']);
    const unknown = row?.segments.filter((s) => s.kind === 'unknown').map((s) => [s.startMs, s.endMs]);
    expect(unknown).toEqual([[ms('2026-03-03T13:00:00Z'), ms('2026-03-03T21:00:00Z')]]);
    expect(row?.segments.find((s) => s.kind === 'unknown')?.text).toMatch(/^unknown: shifts the service sent/);
  });
});

describe('issue 27, case 5: a rotation read 14 days ahead', () => {
  it('draws each day’s person all week, with nothing hatched', () => {
    const people = [alice, bob, mia];
    const start = ms('2026-03-02T00:00:00Z');
    const DAY = 86_400_000;
    const shifts = Array.from({ length: 16 }, (_, d) =>
      shift(new Date(start + d * DAY).toISOString(), new Date(start + (d + 1) * DAY).toISOString(), people[d % 3]!),
    );
    const snap = snapshotOf([
      scheduleSnap('sch_platform', shifts, {
        details: details('Platform', ZONE, people),
        detailsFetchedAt: '2026-03-03T08:58:00Z',
        shiftsFetchedAt: '2026-03-03T08:58:00Z',
      }),
    ]);
    const [row] = timelineModel(derive(snap), { nowMs: ms(NOW), locale: 'en-GB', localZone: ZONE }).rows;
    // One person per day, in order, from Tue 3 March (Bob) to Mon 9 March.
    expect(row?.segments.map((s) => `${s.kind}:${s.people.map((p) => p.name).join()}`)).toEqual(
      Array.from({ length: 7 }, (_, d) => `person:${people[(d + 1) % 3]!.name}`),
    );
  });
});
