// adv49 r33 F1: the shift-start alarm rings at 10:00 (09:00 UTC), nobody answers, and its phone alert due at 10:03
// can't go out (ntfy refuses every request: a real ECONNREFUSED on a closed port). The tooltip, the tray menu and the
// popover said only the next shift's readiness ("Not ready for your shift at Wed 10:00 — …"): nothing said that the
// phone was not alerted for the alarm ringing now. Each glance now says it once, right under that alarm's line, and
// stops saying it once the alert has reached the phone (the stand-in got it): never "not alerted" after that.
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchSend } from '../../../electron/core/escalation/http';
import type { Engine } from '../../../electron/core/engine/types';
import { trayTooltip } from '../../../electron/core/state/tray-menu';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { alertsOn, closeStands, MIN, MY_START, START, startStand, TOPIC } from '../support/phone-engine-rig';
import { ME, OPS_ID, opsSeed } from '../support/seeds';
import { everyText } from '../../support/text-registry';

afterEach(closeStands);

const ZONE = 'Europe/Berlin';
const GLANCES = ['tray-tooltip', 'tray-menu', 'popover'] as const;
/** The alarm's line (10:00 Berlin, 09:00 in the schedule's UTC; one account), or the tooltip's shorter words for it
 *  when the whole glance would not fit Windows' cut. */
const ALARM = /^(Shift-start alarm \(Ops, 10:00 \(09:00 UTC\)\): not acknowledged|Shift-start alarm not acknowledged)$/;
/** What the phone's failure is, as a refused connection is worded (http.ts), and the line under the alarm's. */
const NOT_ALERTED = 'Phone not alerted: could not connect (ECONNREFUSED); trying again each minute';
/** The tooltip's: my state, "Shift-start alarm not acknowledged" and the whole line are over Windows' 127. */
const TIGHT = 'Phone not alerted: could not connect (ECONNREFUSED)';

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

/** Each glance surface's lines, as the registry reads them. */
function glances(engine: Engine, h: Harness): Record<(typeof GLANCES)[number], string[]> {
  const said = everyText({ state: engine.getState(), nowMs: h.clock.now(), localZone: ZONE });
  const whole = (s: string) => said.find((x) => x.surface === s && x.statement === undefined)?.text ?? '';
  return {
    'tray-tooltip': whole('tray-tooltip').split('\n'),
    'tray-menu': whole('tray-menu').split('\n'),
    popover: whole('popover').split('\n'),
  };
}

describe('the alarm rings and its phone alert could not be sent', () => {
  it('every glance says the phone was not alerted, under the alarm line, until the alert goes out', async () => {
    const h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
    await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
    const s = await startStand(h);
    const refused = `http://127.0.0.1:${await closedPort()}`;
    let down = true;
    const engine = h.engine({
      phone: {
        send: (req, tmo) =>
          h.clock.inFlight.track(fetchSend(down ? { ...req, url: req.url.replace(s.url, refused) } : req, tmo)),
      },
    });
    await engine.start();
    await h.clock.advance(1000);
    await engine.phoneIntent({
      kind: 'save',
      settings: { provider: 'ntfy', ntfyServer: s.url, afterMin: 3 },
      secrets: { ntfyTopic: TOPIC },
    });
    await h.clock.runWhileAdvancing(engine.alarmsSettled());
    await h.clock.advanceTo(MY_START + 5 * MIN);
    expect(engine.getState().alarm?.ringing).toBe(true);
    const at1005 = glances(engine, h);
    for (const surface of GLANCES) {
      const lines = at1005[surface];
      const phone = lines.filter((l) => /^Phone not alerted/.test(l));
      // Once on each surface, right under the alarm's line; the tooltip in fewer words where the whole won't fit.
      expect(phone, `${surface}:\n${lines.join('\n')}`).toEqual([surface === 'tray-tooltip' ? TIGHT : NOT_ALERTED]);
      expect(lines[lines.indexOf(phone[0] ?? '') - 1], surface).toMatch(ALARM);
    }
    // Within Windows' tooltip (127 characters): what asks me is not cut away.
    expect(trayTooltip(engine.getState(), h.clock.now(), ZONE, { maxChars: 127 }).split('\n')).toContain(TIGHT);

    // ntfy answers again: the alert goes out on a later try. Never "not alerted" once the phone has it.
    down = false;
    let reached = false;
    for (let step = 0; step < 18; step++) {
      await h.clock.advance(10_000);
      reached = alertsOn(s, TOPIC).length > 0;
      const said = Object.values(glances(engine, h)).flat();
      if (reached) expect(said.filter((l) => /Phone not alerted/.test(l))).toEqual([]);
    }
    expect(reached, 'the alert reached the stand-in once ntfy answered').toBe(true);
    await h.clock.runWhileAdvancing(engine.stop());
    await h.close();
  }, 120_000);
});
