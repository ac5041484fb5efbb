// Issue 49: the override form's preview is worded by main as it answers `override:preview` (the form only shows the
// lines), in the form's own zone, the schedule named with its account, each person by name and me as "(you)". The real
// engine over two simulated services and a fake clock; the expected lines are written out by hand from the seeds:
// Acme rotates Erin (me there) and Frank daily from Mon 2 Mar 08:00 UTC, its schedule in Berlin.
import { describe, expect, it } from 'vitest';
import { twoServices } from './support/two-services';

const START = Date.parse('2026-03-04T12:00:00Z');

async function started() {
  const w = await twoServices(START);
  await w.engine.start();
  await w.harness.clock.advance(5_000);
  return w;
}

// Thu 5 Mar 00:00–02:00 UTC: Erin's day (Wed 08:00 – Thu 08:00 UTC), 01:00–03:00 in Berlin.
const ASK = {
  scheduleId: 'acme:sch_primary',
  window: { kind: 'custom' as const, start: '2026-03-05T00:00:00Z', end: '2026-03-05T02:00:00Z' },
  emails: ['frank@example.com'],
};

const THURSDAY_IN_TOKYO = 'Thu 09:00–11:00 (Thu 01:00–03:00 Berlin) · 2 h';

describe('override preview: worded by main for the form', () => {
  it('names the account, the people (me as "(you)") and the window in the zone the form sent', async () => {
    const w = await started();
    const tokyo = await w.engine.handlers['override:preview']({ ...ASK, localZone: 'Asia/Tokyo' });
    // 09:00–11:00 on Thursday in Tokyo (Wednesday 21:00 there now), Berlin's Thursday 01:00–03:00 beside it (13:00 Wednesday there now).
    expect(tokyo.ok && tokyo.value.words).toEqual({
      who: 'Frank Person',
      covers: 'covers Acme · Platform primary',
      window: THURSDAY_IN_TOKYO,
      replaces: 'Replaces Erin Person (you)',
      nothingToDo: false,
      replaced: 'Erin Person (you)',
    });
    // The same window for a form opened in New York: Wednesday 19:00–21:00 there, Thursday in Berlin.
    const york = await w.engine.handlers['override:preview']({ ...ASK, localZone: 'America/New_York' });
    expect(york.ok && york.value.words?.window).toBe('19:00–21:00 (Thu 01:00–03:00 Berlin) · 2 h');
    // Me alone (no e-mail sent) covering my own time: nothing to change, said of me, and the form holds Create back.
    const me = await w.engine.handlers['override:preview']({ ...ASK, emails: [], localZone: 'Asia/Tokyo' });
    expect(me.ok && me.value.words?.who).toBe('Erin Person (you)');
    expect(me.ok && me.value.words?.already).toBe(
      'Erin Person (you) is already on call for all of this window: there is nothing to change.',
    );
    expect(me.ok && me.value.words?.nothingToDo).toBe(true);
  }, 60_000);

  it('a schedule this app does not watch goes by the name the form shows; a zone Intl does not know is not used', async () => {
    const w = await started();
    const asked = { ...ASK, scheduleId: 'acme:sch_elsewhere', scheduleName: 'Payments (asked by Frank)' };
    const answer = await w.engine.handlers['override:preview']({ ...asked, localZone: 'Not/AZone' });
    expect(answer.ok && answer.value.words?.covers).toBe('covers Payments (asked by Frank)');
    // The engine's own zone (the harness's) instead: never a thrown RangeError across IPC.
    expect(answer.ok && answer.value.words?.window).toMatch(/ · 2 h$/);
  }, 60_000);

  it('words the result: the override created and read back, in the zone the form sent', async () => {
    const w = await started();
    const shown = { localZone: 'Asia/Tokyo', scheduleName: 'ignored: the schedule is watched' };
    const created = await w.engine.handlers['override:create']({ ...ASK, ...shown });
    const override = created.ok && created.value.status === 'created' ? created.value.override : undefined;
    const words = { headline: 'Frank Person covers Acme · Platform primary', window: THURSDAY_IN_TOKYO };
    expect(override?.words).toEqual(words);
    const read = await w.engine.handlers['override:get']({
      scheduleId: 'acme:sch_primary',
      overrideId: override?.id ?? '',
      ...shown,
    });
    expect(read.ok && read.value.words).toEqual(words);
  }, 60_000);
});
