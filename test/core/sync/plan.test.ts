import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../../../electron/shared/settings';
import {
  backoffMs,
  costPaybackMs,
  coverageEveryIntervals,
  horizonWindow,
  myHandoffsMs,
  nearHandoffReread,
  nextProbeMs,
  probeDisagrees,
  shiftsNeeded,
  toWireInstant,
} from '../../../electron/core/sync/plan';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../../electron/shared/time';
import { alice, bob, details, me, ms, shift } from '../support/fixtures';

const refresh = defaultSettings().refresh; // idle 300 s, near 60 s within 30 min

describe('sync plan', () => {
  it('sends whole-second UTC instants', () => {
    expect(toWireInstant(ms('2026-03-02T08:00:00.789Z'))).toBe('2026-03-02T08:00:00Z');
  });

  it('asks for shifts from a week before the previous hour (running blocks show their start) to a day past the 14-day horizon', () => {
    const { fromMs, toMs } = horizonWindow(ms('2026-03-02T08:42:10Z'), 14);
    expect(new Date(fromMs).toISOString()).toBe('2026-02-23T07:00:00.000Z');
    expect(new Date(toMs).toISOString()).toBe('2026-03-17T07:00:00.000Z');
  });

  it('re-reads shifts on a new revision, a horizon running short, or after six hours; not otherwise', () => {
    const now = ms('2026-03-02T08:00:00Z');
    const memo = { revision: 3, readAtMs: now - HOUR_MS, toMs: now + 15 * DAY_MS };
    expect(shiftsNeeded(undefined, 3, now, 14)).toBe(true);
    expect(shiftsNeeded(memo, 3, now, 14)).toBe(false);
    expect(shiftsNeeded(memo, 4, now, 14)).toBe(true);
    expect(shiftsNeeded(memo, 3, now + 1.5 * DAY_MS, 14)).toBe(true);
    expect(shiftsNeeded(memo, 3, now + 5 * HOUR_MS, 14)).toBe(true);
  });

  it('re-reads shifts every time when the service sends no revision (nothing tells that they changed)', () => {
    const now = ms('2026-03-02T08:00:00Z');
    expect(shiftsNeeded({ revision: null, readAtMs: now - 1000, toMs: now + 15 * DAY_MS }, null, now, 14)).toBe(true);
    expect(shiftsNeeded({ revision: 3, readAtMs: now - 1000, toMs: now + 15 * DAY_MS }, null, now, 14)).toBe(true);
  });

  it('finds my handoffs, joining back-to-back shifts into one stretch', () => {
    const shifts = [
      shift('2026-03-02T08:00:00Z', '2026-03-03T08:00:00Z', me),
      shift('2026-03-03T08:00:00Z', '2026-03-04T08:00:00Z', me, alice),
      shift('2026-03-04T08:00:00Z', '2026-03-05T08:00:00Z', alice),
    ];
    expect(myHandoffsMs(shifts, 'ME@example.com')).toEqual([ms('2026-03-02T08:00:00Z'), ms('2026-03-04T08:00:00Z')]);
    expect(myHandoffsMs(shifts, '')).toEqual([]);
  });

  it('probes every idle interval, every near interval close to my handoff, and as a near window opens', () => {
    const handoff = ms('2026-03-02T09:00:00Z');
    const idleNow = ms('2026-03-02T07:00:00Z');
    expect(nextProbeMs(undefined, [handoff], idleNow, refresh)).toBe(idleNow);
    expect(nextProbeMs(idleNow, [handoff], idleNow, refresh)).toBe(idleNow + 5 * MINUTE_MS);
    const nearNow = handoff - 10 * MINUTE_MS;
    expect(nextProbeMs(nearNow, [handoff], nearNow, refresh)).toBe(nearNow + MINUTE_MS);
    const justBefore = handoff - 32 * MINUTE_MS;
    expect(nextProbeMs(justBefore, [handoff], justBefore, refresh)).toBe(handoff - 30 * MINUTE_MS);
  });

  it('reads the shared coverage list less often when few schedules share its cost', () => {
    expect(coverageEveryIntervals(1)).toBe(7);
    expect(coverageEveryIntervals(2)).toBe(4);
    expect(coverageEveryIntervals(7)).toBe(1);
    expect(coverageEveryIntervals(50)).toBe(1);
  });

  it('backs off exponentially with jitter, settling between one and two normal intervals', () => {
    const idleMs = refresh.idleIntervalSec * 1000;
    expect(backoffMs(1, idleMs, () => 0)).toBe(7_500);
    expect(backoffMs(1, idleMs, () => 1)).toBe(15_000);
    expect(backoffMs(3, idleMs, () => 1)).toBe(60_000);
    // Once backed off, a failing source is never retried more often than it is polled when healthy.
    expect(backoffMs(30, idleMs, () => 0)).toBe(idleMs);
    expect(backoffMs(30, idleMs, () => 1)).toBe(2 * idleMs);
    // Relative to the source's own cadence: the coverage list, read every 7 idle intervals, backs off 7× slower.
    expect(backoffMs(30, 7 * idleMs, () => 0)).toBe(7 * idleMs);
  });

  it('pays back the extra requests of a failed attempt (pages) with normal intervals, doubling up to 4×', () => {
    const idleMs = refresh.idleIntervalSec * 1000;
    expect(costPaybackMs(1, 1, idleMs)).toBe(0);
    expect(costPaybackMs(51, 1, idleMs)).toBe(50 * idleMs);
    expect(costPaybackMs(51, 2, idleMs)).toBe(100 * idleMs);
    expect(costPaybackMs(51, 9, idleMs)).toBe(200 * idleMs);
  });
});

describe('re-reads the revision does not announce', () => {
  const now = ms('2026-03-10T03:00:00Z');
  const cached = [
    shift('2026-03-09T09:00:00Z', '2026-03-10T09:00:00Z', alice),
    shift('2026-03-10T09:00:00Z', '2026-03-11T09:00:00Z', me),
  ];
  const toMs = ms('2026-03-25T08:00:00Z');
  const probe = (current: ReturnType<typeof shift> | null, next: ReturnType<typeof shift> | null) =>
    details('Rotation', 'Etc/UTC', [alice, me, bob], { current_oncall_shift: current, next_oncall_shift: next });

  it('finds the probe agreeing with the cached shifts, and disagreeing when its current or next shift differs', () => {
    expect(probeDisagrees(probe(cached[0] ?? null, cached[1] ?? null), cached, toMs, now)).toBe(false);
    expect(
      probeDisagrees(
        probe(cached[0] ?? null, shift('2026-03-10T09:00:00Z', '2026-03-11T09:00:00Z', bob)),
        cached,
        toMs,
        now,
      ),
    ).toBe(true);
    expect(
      probeDisagrees(
        probe(shift('2026-03-09T09:00:00Z', '2026-03-10T09:00:00Z', bob), cached[1] ?? null),
        cached,
        toMs,
        now,
      ),
    ).toBe(true);
    // Nobody on call now by the service's account, someone by the cache's.
    expect(probeDisagrees(probe(null, cached[1] ?? null), cached, toMs, now)).toBe(true);
    // A next shift beyond what the cache holds tells nothing about it.
    expect(
      probeDisagrees(
        probe(cached[0] ?? null, shift('2026-03-26T09:00:00Z', '2026-03-27T09:00:00Z', bob)),
        cached,
        toMs,
        now,
      ),
    ).toBe(false);
  });

  it('re-reads near a handoff of mine once the shifts are older than the idle interval, and not otherwise', () => {
    const handoff = ms('2026-03-10T09:00:00Z');
    const fresh = { revision: 1, readAtMs: handoff - 20 * MINUTE_MS, toMs };
    expect(nearHandoffReread(fresh, [handoff], handoff - 20 * MINUTE_MS + 4 * MINUTE_MS, refresh)).toBe(false);
    expect(nearHandoffReread(fresh, [handoff], handoff - 20 * MINUTE_MS + 5 * MINUTE_MS, refresh)).toBe(true);
    // Outside the near window (30 min), the revision and the probe decide.
    expect(nearHandoffReread(fresh, [handoff], handoff - 2 * HOUR_MS, refresh)).toBe(false);
  });
});
