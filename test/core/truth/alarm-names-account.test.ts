// Issue 47, adversarial round 1, finding 2: the shift-start alarm names its account when there are several. Two
// services (Work, Acme), each with a schedule named "Platform primary" (the same id), me on both from 09:00 Berlin:
// the two alarms, the tray's alarm line and the phone's words must tell them apart. Real engine, two simulators on
// loopback, fake clock; the expected names are the accounts' labels as written in the settings.
import { describe, expect, it } from 'vitest';
import { phoneWords } from '../../../electron/core/alarm/words';
import { buildTrayMenu } from '../../../electron/core/state/tray-menu';
import { twoServices } from '../engine/support/two-services';
import { labels } from './support';
import { MAIN_ACCOUNT_ID } from '../../../electron/shared/accounts';

const MIN = 60_000;
const HOUR = 60 * MIN;

describe('round 1 (2): the shift-start alarm with two accounts', () => {
  it('names its account in each notification, the tray line and the phone words', async () => {
    // The app's own engine: the shift-start alarm running.
    const { harness: h, engine } = await twoServices(Date.parse('2026-03-04T06:00:00Z'), undefined, {});
    await engine.start();
    await h.clock.advance(2 * HOUR + 5 * MIN);
    const alarms = h.notifier.shown.filter((n) => n.alarm === true);
    // One alarm per service, each naming its own account: the two are told apart.
    expect(alarms.map((n) => n.title).sort()).toEqual([
      'On call now — Acme · Platform primary',
      'On call now — Work · Platform primary',
    ]);
    const state = engine.getState();
    const line = labels(buildTrayMenu(state, h.clock.now(), 'Europe/Berlin')).find((l) => l.startsWith('Shift-start'));
    expect(line).toMatch(/^Shift-start alarm \((Work|Acme) · Platform primary, 09:00\)/);
    const target = {
      key: 'alarm:x:sch_primary:2026-03-04T08:00:00Z',
      accountId: MAIN_ACCOUNT_ID,
      atMs: Date.parse('2026-03-04T08:00:00Z'),
      startMs: Date.parse('2026-03-04T08:00:00Z'),
      endMs: Date.parse('2026-03-05T08:00:00Z'),
      scheduleId: 'sch_primary',
      scheduleName: 'Platform primary',
      scheduleZone: 'Europe/Berlin',
      fromNames: [],
    };
    expect(phoneWords({ ...target, accountName: 'Acme' }, 5, 'Europe/Berlin', {}, target.atMs + 5 * 60_000).title).toBe(
      'Shift start not acknowledged — Acme · Platform primary',
    );
    // One account: the bare name, as before.
    expect(phoneWords(target, 5, 'Europe/Berlin', {}, target.atMs + 5 * 60_000).title).toBe(
      'Shift start not acknowledged — Platform primary',
    );
  });
});
