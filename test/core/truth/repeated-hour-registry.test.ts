// Issue 47 (fix 47q, item 1), over the registry of every surface: generated shifts around both 2026 clock changes
// in Berlin and New York (my block before, across or after the change; now before or inside it; the schedule in the
// local zone or another), and no text on any surface shows a range whose two ends read the same while the block's
// instants differ. Failed before: "Sun 02:10–02:10" for a block 02:10 CEST – 02:10 CET. FC_RUNS=n runs n worlds.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deriveState } from '../../../electron/core/state/derive';
import { defaultSettings, serviceSettings } from '../../../electron/shared/settings';
import { accountIdOf } from '../../../electron/shared/accounts';
import { HOUR_MS, MINUTE_MS } from '../../../electron/shared/time';
import { everyText } from '../../support/text-registry';
import { alice, bob, details, me, scheduleSnap, shift, snapshotOf, SETUP_OK } from '../support/fixtures';

const NUM_RUNS = Number(process.env['FC_RUNS'] ?? 25);
const CHANGES = [
  { zone: 'Europe/Berlin', atMs: Date.parse('2026-03-29T01:00:00Z') },
  { zone: 'Europe/Berlin', atMs: Date.parse('2026-10-25T01:00:00Z') },
  { zone: 'America/New_York', atMs: Date.parse('2026-03-08T07:00:00Z') },
  { zone: 'America/New_York', atMs: Date.parse('2026-11-01T06:00:00Z') },
];
const iso = (ms: number) => new Date(ms).toISOString();

const DAY = '(?:(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) )?(?:\\d{1,2} [A-Z][a-z]{2}(?: \\d{4})?, )?';
const CLOCK = '\\d\\d:\\d\\d(?::\\d\\d)?(?: (?:[A-Z]{3,5}\\b|GMT[+-]\\d+(?::\\d\\d)?))?';
const RANGE = new RegExp(`(${DAY})(${CLOCK}) ?– ?(${DAY})(${CLOCK})`, 'g');

/** The ranges in a text whose ends read the same: "Sun 02:10–02:10" (an end without a day has its start's). */
export function sameEnds(text: string): string[] {
  return [...text.matchAll(RANGE)]
    .filter(([, fromDay, from, toDay, to]) => (toDay || fromDay) === fromDay && from === to)
    .map((m) => m[0]);
}

function stateFor(zone: string, scheduleZone: string, startMs: number, endMs: number, nowMs: number) {
  const snapshot = snapshotOf([
    scheduleSnap(
      'sch_a',
      [shift(iso(nowMs - 30 * HOUR_MS), iso(startMs), alice), shift(iso(startMs), iso(endMs), me)].concat(
        shift(iso(endMs), iso(nowMs + 200 * HOUR_MS), bob),
      ),
      {
        details: details('Platform', scheduleZone, [me, alice, bob]),
        detailsFetchedAt: iso(nowMs - MINUTE_MS),
        shiftsFetchedAt: iso(nowMs - MINUTE_MS),
      },
    ),
  ]);
  const account = { id: accountIdOf('work'), label: 'Work', baseUrl: 'https://w.example.com', email: me.email };
  const settings = { ...defaultSettings(), accounts: [{ ...account, schedules: [{ id: 'sch_a' }] }] };
  const svc = serviceSettings(settings, settings.accounts[0]!);
  const state = deriveState({
    snapshot,
    settings: svc,
    setup: SETUP_OK,
    syncing: false,
    notices: [],
    nowMs,
    localZone: zone,
  });
  const input = { snapshot, nowMs, settings: svc, localZone: zone };
  return { state, reminders: [{ accountId: account.id, label: undefined, input }] };
}

describe('no surface reads a block around a clock change as ending when it starts', () => {
  it('finds the shape it looks for', () => {
    expect(sameEnds('Platform Sun 02:10–02:10 (Sat 20:10–21:10 New York)')).toEqual(['Sun 02:10–02:10']);
    expect(sameEnds('Sun 02:10 CEST – 02:10 CET; Sat 09:00 – Sun 09:00')).toEqual([]);
  });

  it('over generated blocks across both changes in Berlin and New York', () => {
    const world = fc.record({
      change: fc.constantFrom(...CHANGES),
      otherZone: fc.constantFrom(undefined, 'UTC', 'Europe/Berlin', 'America/New_York'),
      startMin: fc.integer({ min: -18, max: 18 }).map((k) => k * 10),
      lengthMin: fc.integer({ min: 1, max: 36 }).map((k) => k * 10),
      nowBeforeMin: fc.integer({ min: -300, max: 1500 }),
    });
    type Example = typeof world extends fc.Arbitrary<infer T> ? T : never;
    fc.assert(
      fc.property(world, ({ change, otherZone, startMin, lengthMin, nowBeforeMin }) => {
        const startMs = change.atMs + startMin * MINUTE_MS;
        const endMs = startMs + lengthMin * MINUTE_MS;
        // Now: up to a day before my block, or inside it.
        const nowMs = Math.min(startMs - nowBeforeMin * MINUTE_MS, endMs - MINUTE_MS);
        const { state, reminders } = stateFor(change.zone, otherZone ?? change.zone, startMs, endMs, nowMs);
        const said = everyText({ state, nowMs, localZone: change.zone, reminders });
        for (const s of said) expect(sameEnds(s.text), `${s.surface} (${s.kind ?? ''}): ${s.text}`).toEqual([]);
      }),
      {
        numRuns: NUM_RUNS,
        // The black-box find, in both zones: an hour from inside the repeated hour to the same wall time after it.
        examples: [CHANGES[1]!, CHANGES[3]!].map((change): [Example] => [
          { change, otherZone: undefined, startMin: -50, lengthMin: 60, nowBeforeMin: 600 },
        ]),
      },
    );
  });
});
