// Issue 47, adversarial round 1, finding 3: a block of mine that runs past the end of the read. The state knows it
// until the read's end and no further (endBasis unknown); every surface must say "until at least …, then unknown",
// state no length as known, and the calendar must end the event at the same instant and say it may go on.
// Real engine, simulator on loopback, fake clock; the read's end is asked of the simulator's answer (independent).
import { describe, expect, it } from 'vitest';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';
import { surfaces } from './support';

const MIN = 60_000;

describe('round 1 (3): a block that runs past the end of the read', () => {
  it('is "until at least …, then unknown" with no known length on every surface, and the .ics agrees', async () => {
    // NewYork: weekly from Sun 09:00 New York, Alice and I take turns; my block 5 Apr 13:00Z → 12 Apr 13:00Z.
    const seed = seedOf([
      {
        id: 'sch_ny',
        name: 'NewYork',
        zone: 'America/New_York',
        rotationStart: '2026-03-01T14:00:00Z',
        userIds: ['usr_alice', 'usr_me'],
        length: { amount: 1, unit: 'weeks' },
      },
    ]);
    const h = await createHarness({ startMs: Date.parse('2026-03-27T10:00:00Z'), seed, files: 'fs' });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_ny'] });
    const engine = h.engine();
    await engine.start();
    await h.clock.advance(MIN);
    const state = engine.getState();
    // Where the read ends, from the state's own record of what it read (not from a surface).
    const readTo = state.schedules[0]?.known?.to;
    expect(readTo).toBeDefined();
    const readToMs = Date.parse(readTo ?? '');
    // The block the service has: 5 Apr 13:00Z for a week; it runs past the read.
    const startMs = Date.parse('2026-04-05T13:00:00Z');
    expect(readToMs).toBeGreaterThan(startMs);
    expect(readToMs).toBeLessThan(Date.parse('2026-04-12T13:00:00Z'));
    const text = surfaces(state, h.clock.now());
    // Berlin (UTC+2 from 29 Mar): the read's end in local time, as the surfaces word a far day ("11 Apr, 11:00").
    const end = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Berlin',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .format(readToMs)
      .replace(/ at /, ', ');
    const lines = (t: string): string[] => t.split('\n').filter((l) => l.includes('5 Apr, 15:00'));
    const said = {
      popover: lines(text.popover),
      status: lines(text.status),
      handoff: lines(text.handoff),
    };
    for (const [surface, ls] of Object.entries(said)) {
      expect(ls.length, surface).toBeGreaterThan(0);
      for (const l of ls) {
        expect(l, surface).toContain(`until at least ${end}`);
        expect(l, surface).toContain('then unknown');
        // No plain end and no length stated as known (5 d 20 h is only a floor).
        expect(l, surface).not.toMatch(/– 11 Apr/);
        expect(l, surface).not.toMatch(/(?<!at least )\b5 d 20 h/);
      }
    }
    // The calendar: the same end (where the read ends), worded the same way, and says it may go on.
    const ics = (await engine.calendar(30)).replace(/\r\n[ \t]/g, '');
    const event = ics.split('BEGIN:VEVENT').find((e) => e.includes('DTSTART:20260405T130000Z'));
    expect(event).toBeDefined();
    const stamp = new Date(readToMs).toISOString().replace(/[-:]/g, '').replace('.000', '');
    expect(event).toContain(`DTEND:${stamp}`);
    expect(event).toMatch(/until at least Sat 11 Apr 2026\\, 11:00\\, then unknown/);
    expect(event).toContain('may go on longer');
  });
});
