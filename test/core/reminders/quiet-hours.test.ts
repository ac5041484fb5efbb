// Quiet hours and pause, through the real engine, simulator and files with a fake clock: a shift starting at
// 03:00 inside quiet hours 22:00–07:00 still gets its heads-up, its 15-minute reminder and "on call now"; what is
// not urgent (a lead 20 h ahead, a coverage request at 23:30) waits and comes as one summary at 07:00, once, also
// across a restart during quiet hours; a pause works the same way and never silences a shift start.
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../../electron/core/engine/types';
import type { Harness, Shown } from '../support/engine-harness';
import { askMe, NEAR_REFRESH, nightDesk, patchSettings, QUIET_NIGHTS } from '../support/night-desk';
import { MIN, ms } from '../../support/time';

// Night desk: I am on call every day 03:00–11:00 Berlin = 02:00–10:00Z, Alice and Bob the rest.
async function setup(startIso: string, extra: object = {}): Promise<Harness> {
  const h = await nightDesk(startIso, { refresh: NEAR_REFRESH });
  await patchSettings(h, () => ({ quietHours: QUIET_NIGHTS, ...extra }));
  return h;
}

const when = (s: Shown) => new Date(s.atMs).toISOString().slice(5, 16);
const seen = (h: Harness, fromMs: number) =>
  h.notifier.shown.filter((s) => s.atMs >= fromMs).map((s) => `${when(s)} ${s.title}`);

describe('quiet hours 22:00–07:00 (Berlin)', () => {
  it('never silence a shift starting at 03:00, and sum up what waited in one message at 07:00', async () => {
    const h = await setup('2026-03-10T12:00:00Z');
    const engine = h.engine();
    await engine.start();
    await h.clock.advanceTo(ms('2026-03-10T22:30:00Z')); // 23:30 Berlin, quiet
    askMe(h, 'cov_dentist');
    const from = h.clock.now();
    await h.clock.advanceTo(ms('2026-03-11T06:30:00Z'));
    expect(seen(h, ms('2026-03-10T20:00:00Z'))).toEqual([
      '03-10T21:00 On call at Wed 03:00', // quiet hours begin: heads-up for tonight's start
      '03-11T01:45 On call in 15 min',
      // The start's loud alarm (issue 50) is its one notice (no separate "On call now"): quiet hours never hold it.
      '03-11T02:00 On call now — Night desk',
      '03-11T06:00 2 messages while notifications were quiet', // 07:00 Berlin
    ]);
    const summary = h.notifier.shown.find((s) => s.title.endsWith('while notifications were quiet'))!;
    // The coverage request (asked at 23:30) and tomorrow's 1-day lead (due 03:00, 20 h ahead), worded for 07:00.
    expect(summary.body).toContain('Coverage request from Alice Doe');
    expect(summary.body).toMatch(/^On call in 20 h: Night desk /m);
    expect(h.notifier.shown.filter((s) => s.atMs >= from && s.id === 'coverage:cov_dentist')).toEqual([]);
  }, 60_000);

  it('a restart during quiet hours shows the summary once, at their end, and never again', async () => {
    const h = await setup('2026-03-10T20:00:00Z');
    let engine: Engine = h.engine();
    await engine.start();
    await h.clock.advanceTo(ms('2026-03-10T22:30:00Z'));
    askMe(h, 'cov_dentist');
    await h.clock.advanceTo(ms('2026-03-11T04:00:00Z'));
    await engine.stop();
    h.clock.sleep(30 * MIN); // closed 05:00–05:30 Berlin
    engine = h.engine();
    await engine.start();
    await h.clock.advanceTo(ms('2026-03-11T09:00:00Z'));
    await engine.stop();
    engine = h.engine();
    await engine.start();
    await h.clock.advanceTo(ms('2026-03-11T12:00:00Z'));
    const summaries = h.notifier.shown.filter((s) => s.title.endsWith('while notifications were quiet'));
    expect(summaries.map(when)).toEqual(['03-11T06:00']);
    expect(summaries[0]!.body).toContain('Coverage request from Alice Doe');
    expect(h.notifier.shown.filter((s) => s.id === 'coverage:cov_dentist')).toEqual([]);
  }, 60_000);
});

describe('pause from the tray', () => {
  it('holds what is not urgent until the pause ends, and still says "on call now"', async () => {
    const h = await setup('2026-03-11T01:00:00Z', {
      quietHours: { ...QUIET_NIGHTS, enabled: false },
      pausedUntil: '2026-03-11T03:00:00Z',
    });
    const engine = h.engine();
    await engine.start();
    askMe(h, 'cov_dentist');
    await h.clock.advanceTo(ms('2026-03-11T04:00:00Z'));
    expect(seen(h, ms('2026-03-11T01:00:00Z'))).toEqual([
      '03-11T01:00 On call in 1 h', // the missed 1-day lead, caught up at start-up: within the hour, so urgent
      '03-11T01:45 On call in 15 min',
      // The start's loud alarm (issue 50) is its one notice (no separate "On call now"): pause never holds it.
      '03-11T02:00 On call now — Night desk',
      '03-11T03:00 2 messages while notifications were quiet',
    ]);
    expect(engine.getState().settings.pausedUntil).toBe('2026-03-11T03:00:00Z');
  }, 60_000);

  it('drops a waiting coverage request from the summary once someone else covered it', async () => {
    const h = await setup('2026-03-11T01:00:00Z', {
      quietHours: { ...QUIET_NIGHTS, enabled: false },
      pausedUntil: '2026-03-11T03:00:00Z',
    });
    const engine = h.engine();
    await engine.start();
    askMe(h, 'cov_dentist');
    await h.clock.advanceTo(ms('2026-03-11T01:50:00Z'));
    h.sim.state.coverageRequests[0]!.status = 'covered';
    await engine.handlers['sync:refresh'](null);
    await h.clock.advanceTo(ms('2026-03-11T04:00:00Z'));
    const summary = h.notifier.shown.find((s) => s.title.endsWith('while notifications were quiet'));
    expect(summary?.body ?? '').not.toContain('Coverage request');
  }, 60_000);
});
