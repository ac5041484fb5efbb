// adv50 r24 #3: the service names a schedule "Ops\u000b(EU)" (a vertical tab pasted from a spreadsheet) and the
// person handing over "Bob\u0008Stone". Real engine, simulator, fake clock: the 09:00 alarm's notification goes
// through the Windows toast XML, which the strict reader (XML 1.0's Char production checked) must read back. Failed
// before: escapeXml let U+000B and U+0008 through, a conforming parser rejects such a toast, and on Windows the loud
// alarm toast would not show.
import { describe, expect, it } from 'vitest';
import { alarmToastXml, osNotification } from '../../electron/adapters/os-notification';
import { createHarness, seedSettings } from '../core/support/engine-harness';
import { seedOf, ME } from '../core/support/seeds';
import { elementsNamed, parseStrictXml } from '../support/strict-xml';

const START = Date.parse('2026-03-10T06:00:00Z');
const MY_START = Date.parse('2026-03-10T09:00:00Z');

describe('the Windows alarm toast for a service name with a control character', () => {
  it('is well-formed XML and shows the names with a space for the control character', async () => {
    const base = seedOf([
      {
        id: 'sch_ops',
        name: 'Ops\u000b(EU)',
        zone: 'Etc/UTC',
        rotationStart: '2026-03-01T01:00:00Z',
        userIds: ['usr_bob', 'usr_me', 'usr_alice'],
        length: { amount: 8, unit: 'hours' },
      },
    ]);
    // A copy: the shared seed users stay as they are for other tests.
    const seed = { ...base, users: base.users.map((u) => (u.id === 'usr_bob' ? { ...u, name: 'Bob\u0008Stone' } : u)) };
    const h = await createHarness({ startMs: START, seed });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_ops'] });
    const engine = h.engine();
    await engine.start();
    await h.clock.advanceTo(MY_START + 60_000);
    const alarm = h.notifier.shown.find((n) => n.alarm === true);
    if (!alarm) throw new Error('no alarm rang');
    // What the engine wrote still has the characters (the edge, not the words, deals with them).
    expect(`${alarm.title}\n${alarm.body}`).toMatch(/[\u000b\u0008]/);
    const chosen = osNotification(alarm, { platform: 'win32', appId: 'x', appName: 'OnCall Tray' });
    const xml = chosen.via === 'electron' ? (chosen.options.toastXml ?? '') : '';
    expect(xml).toBe(alarmToastXml(alarm));
    const texts = elementsNamed(parseStrictXml(xml), 'text').map((t) => t.text);
    const shown = (s: string) => s.replace(/[\u000b\u0008]/g, ' ');
    expect(texts).toEqual([shown(alarm.title), shown(alarm.body)]);
    await engine.stop();
    await h.close();
  }, 60_000);
});
