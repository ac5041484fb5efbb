// adv52 r43 #2: an older cache.json put back between runs (a backup, a synced folder's older version), the service
// then down. Failed before: the tray said "Showing saved data from 11:00" though the app had read at 12:01, and the
// block Alice had taken since was published again as a new event with its alarms, nothing said. The calendar's record
// shows a later read of the same schedules (last-read-evidence.ts): the older cache is kept aside, said once, and not
// shown or published as saved data. Real engine, simulator, fake clock.
import ICAL from 'ical.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';
import { trayTooltip } from '../../../electron/core/state/tray-menu';

const START = Date.parse('2026-03-25T10:00:00Z');
const ALICE = 'alice@example.com';
let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const eventsOf = (ics: string) =>
  ICAL.Component.fromString(ics)
    .getAllSubcomponents('vevent')
    .map((c) => new ICAL.Event(c))
    .map((e) => ({ s: e.summary, a: e.startDate.toJSDate().toISOString(), b: e.endDate.toJSDate().toISOString() }));

describe('an older cache.json put back between runs', () => {
  it('is kept aside and said, not shown, alarmed or published as the latest saved data', async () => {
    h = await createHarness({ startMs: START, seed: threeZoneSeed() });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin', 'sch_newyork', 'sch_tokyo'] });
    const engine = h.engine();
    await engine.start();
    await h.clock.advance(1_000);
    const first = eventsOf(await engine.calendar(14)).sort((x, y) => x.a.localeCompare(y.a));
    // My next block over an hour ahead: Alice takes all of it.
    const next = first.find((e) => Date.parse(e.a) > h!.clock.now() + 3_600_000)!;
    const older = await h.files.read('cache.json');
    await h.clock.advance(60 * 60_000);
    const scheduleId = next.s.includes('Berlin') ? 'sch_berlin' : next.s.includes('New') ? 'sch_newyork' : 'sch_tokyo';
    const r = await engine.handlers['override:create']({
      scheduleId,
      window: { kind: 'custom', start: next.a, end: next.b },
      emails: [ALICE],
    });
    expect(r.ok && r.value.status).toBe('created');
    await h.clock.advance(60_000);
    expect(eventsOf(await engine.calendar(14)).some((e) => e.a === next.a)).toBe(false);
    await engine.stop();
    // The app's last read, as its own newer cache says it (the one the older copy replaces).
    type Saved = { schedules: { shiftsReadAt?: string; shiftsFetchedAt: string | null }[] };
    const newer = JSON.parse((await h.files.read('cache.json')) ?? '{}') as Saved;
    const lastReadMs = Math.max(...newer.schedules.map((s) => Date.parse(s.shiftsReadAt ?? s.shiftsFetchedAt ?? '')));
    expect(lastReadMs).toBeGreaterThan(START + 60 * 60_000);

    await h.files.writeAtomic('cache.json', older!);
    h.sim.faults.set('*', { status: 503 });
    await h.clock.advance(30 * 60_000);
    const again = h.engine();
    await again.start();
    await h.clock.advance(60_000);
    const notices = again.getState().notices.map((n) => n.message);
    const tip = trayTooltip(again.getState(), h.clock.now(), 'Europe/Berlin');
    const ics = await again.calendar(14);
    await again.stop();
    expect(eventsOf(ics).some((e) => e.a === next.a)).toBe(false);
    expect(tip).not.toContain('saved data from 11:00');
    const said = notices.filter((m) => m.includes("older than this app's last read"));
    expect(said).toHaveLength(1);
    // The last read as the app's newer cache says it, and the original kept aside.
    const berlin = new Date(lastReadMs).toLocaleTimeString('en-GB', {
      timeZone: 'Europe/Berlin',
      hour: '2-digit',
      minute: '2-digit',
    });
    expect(said[0]).toContain(berlin);
    const kept = /kept as \S*(cache\.json\.bad-[^;) ]+)/.exec(said[0] ?? '')?.[1];
    expect(kept && (await h.files.read(kept))).toBe(older);
  }, 60_000);
});
