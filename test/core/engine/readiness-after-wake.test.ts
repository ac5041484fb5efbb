// Adversarial round (issue 47): the laptop sleeps 08:40–10:40 UTC (no resume event) across my 09:00 UTC start. On
// waking, "On call now" came from the read after the wake while, at the same time, the readiness warning said "Ops
// shows saved data", judged from the state before that read. After a wake readiness waits for the read (as start-up
// does), so two notices never disagree: no warning when the read comes back fresh, and both say saved data when
// it doesn't.
import { describe, expect, it } from 'vitest';
import { createHarness, seedSettings } from '../support/engine-harness';
import { opsSeed, OPS_ID, ME } from '../support/seeds';
import { HOUR, MIN } from '../../support/time';

async function sleepAcrossMyStart(failAfterWake: boolean) {
  const h = await createHarness({ startMs: Date.parse('2026-03-04T06:00:00Z'), seed: opsSeed });
  await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
  const e = h.engine({ alarms: false }); // the reminders' own notices (with the alarm on, it is the start's)
  await e.start();
  await h.clock.advanceTo(Date.parse('2026-03-04T08:40:00Z'));
  await h.clock.settle();
  if (failAfterWake) h.sim.faults.set('*', { status: 500 });
  h.clock.sleep(2 * HOUR);
  await h.clock.advance(10 * MIN);
  const start = h.notifier.shown.find((n) => n.id.endsWith('09:00:00Z:start'));
  const warnings = h.notifier.shown.filter((n) => n.id.startsWith('readiness:'));
  return { start, warnings };
}

describe('readiness after a wake without a resume event', () => {
  it('warns of no saved data when the read after the wake comes back fresh', async () => {
    const { start, warnings } = await sleepAcrossMyStart(false);
    expect(start?.body).not.toMatch(/saved data/);
    expect(warnings).toEqual([]);
  }, 30_000);

  it('says saved data in both notices when the read after the wake fails', async () => {
    const { start, warnings } = await sleepAcrossMyStart(true);
    expect(start?.body).toMatch(/saved data/);
    expect(warnings.map((w) => w.body)).toEqual([expect.stringMatching(/Ops shows saved data/)]);
  }, 30_000);
});
