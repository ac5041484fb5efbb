// A change held by quiet hours, and a rename at the service before quiet hours end (adv47 r24 #1, #2): the held
// notice is judged by who and which schedule (ids), and worded when shown from the names the service gives then.
// World: Ops (UTC, 8-hour shifts: Bob 01–09, me 09–17, Alice 17–01), quiet hours 22:00–07:00 Berlin. 21:30Z the app
// starts; 22:00Z a manager gives my Wed 09:00–17:00Z shift to Alice (held); 23:00Z the service renames someone or
// something; 06:00Z (07:00 Berlin) quiet time ends.
import { describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';

const MIN = 60_000;
const QUIET_END_MS = Date.parse('2026-03-11T06:00:00Z');

async function world(rename: (h: Harness) => void) {
  const h = await createHarness({ startMs: Date.parse('2026-03-10T21:30:00Z'), seed: opsSeed });
  const file = {
    version: 2,
    accounts: [{ id: 'main', label: 'Main', baseUrl: h.sim.url, email: ME, schedules: [{ id: OPS_ID }] }],
    startAtLogin: true,
    quietHours: { enabled: true, start: '22:00', end: '07:00' },
  };
  await h.files.writeAtomic('settings.json', JSON.stringify(file));
  await h.secrets.set(`main@${new URL(h.sim.url).host}`, h.sim.apiKey);
  const engine = h.engine({ alarms: false });
  await engine.start();
  await h.clock.advance(30 * MIN);
  const window = { startMs: Date.parse('2026-03-11T09:00:00Z'), endMs: Date.parse('2026-03-11T17:00:00Z') };
  h.sim.state.addOverride(OPS_ID, { ...window, userIds: ['usr_alice'] }, h.clock.now());
  await h.clock.advance(60 * MIN);
  rename(h);
  await h.clock.advance(Date.parse('2026-03-11T08:00:00Z') - h.clock.now());
  // The names the service gives when the summary is shown (the simulator's state: independent of the app).
  const aliceNow = h.sim.state.users.get('usr_alice')?.name;
  const opsNow = h.sim.state.schedules.get(OPS_ID)?.name;
  const shown = h.notifier.shown;
  await engine.stop();
  return { shown, aliceNow, opsNow };
}

/** The one summary shown when quiet time ended, with the line telling me the shift went to the person covering. */
function removalLine(shown: readonly { atMs: number; title: string; body: string }[], who: string, schedule: string) {
  const after = shown.filter((n) => n.atMs >= QUIET_END_MS);
  const lines = after.flatMap((n) => n.body.split('\n'));
  return lines.filter((l) => l.includes(`${who} is covering your ${schedule} shift`) && /no longer on call/.test(l));
}

describe('a held change and a rename at the service before it is shown', () => {
  it('the covering person renamed: the held "Your shift was removed" still comes, naming them as they are now', async () => {
    const { shown, aliceNow, opsNow } = await world((h) => {
      const alice = h.sim.state.users.get('usr_alice');
      if (alice) h.sim.state.users.set('usr_alice', { ...alice, name: 'Alice Smith' });
    });
    expect(aliceNow).toBe('Alice Smith');
    expect(removalLine(shown, aliceNow ?? '?', opsNow ?? '?')).toHaveLength(1);
    expect(shown.map((n) => n.body).join('\n')).not.toMatch(/Alice Doe/);
  }, 60_000);

  it('the schedule renamed: the held line names the schedule as the service names it when shown', async () => {
    const { shown, aliceNow, opsNow } = await world((h) => {
      const ops = h.sim.state.schedules.get(OPS_ID);
      if (ops) ops.name = 'Ops EU';
    });
    expect(opsNow).toBe('Ops EU');
    expect(removalLine(shown, aliceNow ?? '?', opsNow ?? '?')).toHaveLength(1);
  }, 60_000);
});
