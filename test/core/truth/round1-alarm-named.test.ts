// Issue 47, adversarial round 1, finding 2: the shift-start alarm names its account when there are several. Two
// services (Work, Acme), each with a schedule named "Platform primary" (the same id), me on both from 09:00 Berlin:
// the two alarms, the tray's alarm line and the phone's words must tell them apart. Real engine, two simulators on
// loopback, fake clock; the expected names are the accounts' labels as written in the settings.
import { afterEach, describe, expect, it } from 'vitest';
import { phoneWords } from '../../../electron/core/alarm/words';
import { buildTrayMenu, type TrayMenuItem } from '../../../electron/core/state/tray-menu';
import { startSimulator } from '../../../electron/simulator/server';
import { createHarness, type Harness } from '../support/engine-harness';
import { serviceSeed } from '../../support/two-service-seeds';

const MIN = 60_000;
const HOUR = 60 * MIN;
let h: Harness | undefined;
let acme: Awaited<ReturnType<typeof startSimulator>> | undefined;
afterEach(async () => {
  await h?.close();
  await acme?.close();
  h = undefined;
  acme = undefined;
});

function labels(items: readonly TrayMenuItem[]): string[] {
  return items.flatMap((i) => [
    ...('label' in i && typeof i.label === 'string' ? [i.label] : []),
    ...(i.type === 'submenu' ? labels(i.items) : []),
  ]);
}

describe('round 1 (2): the shift-start alarm with two accounts', () => {
  it('names its account in each notification, the tray line and the phone words', async () => {
    h = await createHarness({
      startMs: Date.parse('2026-03-04T06:00:00Z'),
      seed: serviceSeed('ocs_work_key_1111', ['alice', 'bob']),
      files: 'fs',
    });
    const clock = h.clock;
    acme = await startSimulator({ seed: serviceSeed('ocs_acme_key_2222', ['erin', 'frank']), now: () => clock.now() });
    const account = (id: string, label: string, baseUrl: string, email: string) => ({
      id,
      label,
      baseUrl,
      email,
      schedules: [{ id: 'sch_primary' }],
    });
    await h.files.writeAtomic(
      'settings.json',
      JSON.stringify({
        version: 2,
        startAtLogin: true,
        accounts: [
          account('work', 'Work', h.sim.url, 'alice@example.com'),
          account('acme', 'Acme', acme.url, 'erin@example.com'),
        ],
      }),
    );
    await h.secrets.set(`work@${new URL(h.sim.url).host}`, 'ocs_work_key_1111');
    await h.secrets.set(`acme@${new URL(acme.url).host}`, 'ocs_acme_key_2222');
    const engine = h.engine();
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
      atMs: Date.parse('2026-03-04T08:00:00Z'),
      startMs: Date.parse('2026-03-04T08:00:00Z'),
      endMs: Date.parse('2026-03-05T08:00:00Z'),
      scheduleId: 'sch_primary',
      scheduleName: 'Platform primary',
      scheduleZone: 'Europe/Berlin',
      fromNames: [],
    };
    expect(phoneWords({ ...target, accountName: 'Acme' }, 5, 'Europe/Berlin').title).toBe(
      'Shift start not acknowledged — Acme · Platform primary',
    );
    // One account: the bare name, as before.
    expect(phoneWords(target, 5, 'Europe/Berlin').title).toBe('Shift start not acknowledged — Platform primary');
  });
});
