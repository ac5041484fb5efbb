// adv47 round 38 #1: a block of mine runs past the end of the read (5 Apr 13:00Z → 12 Apr 13:00Z, read to 11 Apr
// 09:00Z) and the service answers 500 since that read. The tray, popover, status, hand-off and .ics say "until at
// least Sat 11:00 (05:00 New York), then unknown"; the reminders and the "On call now" notice said "until at least
// 12 Apr, 15:00": a day past what was read, stated as known. Every notice now words the read's end, as the tray does.
import { describe, expect, it } from 'vitest';
import { pastReadEndWorld, READ_TO } from '../support/past-read-end';
import { surfaces } from '../truth/support';

describe('reminders of a block running past the read, the service down since', () => {
  it('"On call in 1 d", "in 15 min" and "On call now" say "until at least" the read\'s end, as the tray does', async () => {
    const { h, engine, readTo } = await pastReadEndWorld();
    expect(readTo).toBe(READ_TO);
    // Asleep until the day before the block (shorter fake-clock stepping); awake from there through its start.
    h.clock.sleep(Date.parse('2026-04-04T12:00:00Z') - h.clock.now());
    await h.clock.advance(Date.parse('2026-04-05T14:00:00Z') - h.clock.now());
    expect(surfaces(engine.getState(), h.clock.now()).tooltip).toContain(
      'until at least Sat 11:00 (05:00 New York), then unknown',
    );
    const notices = h.notifier.shown.filter((n) => /until at least/.test(n.body));
    expect(notices.map((n) => n.title)).toEqual(
      expect.arrayContaining(['On call in 1 d', 'On call in 15 min', 'On call now — NewYork']),
    );
    for (const n of notices) {
      // Nothing past 11 Apr, 11:00 Berlin was read: no notice may say "at least" to a later time.
      expect(n.body, n.title).not.toContain('12 Apr');
      expect(n.body, n.title).toMatch(/until at least (Sat|11 Apr,) 11:00 \(05:00 New York\), then unknown/);
    }
    await engine.stop();
    await h.close();
  }, 120_000);
});
