// adv49 r25 #2 (issue 49: a problem is said once per surface): one account, one watched schedule the service answers
// 404 for, my next shift read on the other. The tray's first item said the unread schedule twice ("On call now:
// unknown (couldn't load sch_gone_away) · next known: … · couldn't load sch_gone_away") and the tooltip repeated its
// first line word for word as its second. Real engine against the simulator on loopback, fake clock.
import { expect, it } from 'vitest';
import { createHarness } from '../support/engine-harness';
import { serviceSeed } from '../../support/two-service-seeds';
import { buildTrayMenu, trayTooltip } from '../../../electron/core/state/tray-menu';
import { trayItems } from '../support/tray-labels';
import { MIN } from '../../support/time';

const T0 = Date.parse('2026-03-05T10:00:00Z');
const KEY = 'ocs_work_key_1111';
const GONE = 'sch_gone_away';
const ZONE = 'Europe/Berlin';
const count = (text: string, part: string): number => text.split(part).length - 1;

it("a gone schedule: my state names it once in the tray's item and the tooltip, no tooltip line said twice", async () => {
  const h = await createHarness({ startMs: T0, seed: serviceSeed(KEY, ['alice', 'bob']) });
  const accounts = [
    {
      id: 'work',
      label: 'Work',
      baseUrl: h.sim.url,
      email: 'alice@example.com',
      schedules: [{ id: 'sch_primary' }, { id: GONE }],
    },
  ];
  await h.files.writeAtomic('settings.json', JSON.stringify({ version: 2, startAtLogin: true, accounts }));
  await h.secrets.set(`work@${new URL(h.sim.url).host}`, KEY);
  const e = h.engine();
  try {
    await e.start();
    await h.clock.advance(MIN);
    const state = e.getState();
    // The world the finding needs: the gone schedule unread over now, my next shift read on the other.
    expect(state.schedules.find((s) => s.scheduleId === GONE)?.status.kind).toBe('not_found');
    expect(state.me.onCallNow).toEqual([]);
    expect(state.me.nextShift).not.toBeNull();
    const reason = `couldn't load ${GONE}`;
    const [mine] = trayItems(buildTrayMenu(state, h.clock.now(), ZONE));
    const label = mine && 'label' in mine ? mine.label : '';
    expect(count(label, reason), label).toBe(1);
    const tip = trayTooltip(state, h.clock.now(), ZONE).split('\n');
    // My state's lines (those before what asks me and the problems): the reason once among them.
    const state_ = tip.slice(
      0,
      tip.findIndex((l) => l.includes('not found on the service')),
    );
    expect(count(state_.join('\n'), reason), tip.join('\n')).toBe(1);
    // No line of the tooltip is another's start said again.
    for (const [i, line] of tip.entries())
      for (const [j, other] of tip.entries()) if (i !== j) expect(other.startsWith(line), tip.join('\n')).toBe(false);
  } finally {
    await e.stop();
    await h.close();
  }
});
