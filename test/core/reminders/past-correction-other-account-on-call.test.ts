// adv47 r30 #2b: a past correction ("Correction: not on call … after all") about Work's Ops block told from saved data,
// while Acme's Platform had me over that whole time (fresh): the title says I was not on call then.
import { describe, expect, it } from 'vitest';
import { createHarness } from '../support/engine-harness';
import { API_KEY, opsSeed, platformSeed } from '../support/seeds';
import { startSimulator } from '../../../electron/simulator/server';

const at = Date.parse;
const TUE = { startMs: at('2026-03-10T09:00:00Z'), endMs: at('2026-03-10T17:00:00Z') };
describe('adv47 r30 #2b: past correction while another account had me', () => {
  it('Work down 07–18Z Tue, my Ops Tue 09–17Z given to Bob meanwhile; Acme Platform has me Tue 09Z – Wed 09Z', async () => {
    const h = await createHarness({ startMs: at('2026-03-10T06:00:00Z'), seed: opsSeed, files: 'fs' });
    const acme = await startSimulator({ seed: platformSeed(), now: () => h.clock.now() });
    const rem = { leadTimesMin: [15], atStart: true, atEnd: true, shiftChanges: true, startAlarm: 'off' };
    const settings = { version: 2, startAtLogin: true, accounts: [
      { id: 'work', label: 'Work', baseUrl: h.sim.url, email: 'me@example.com', schedules: [{ id: 'sch_ops', reminders: rem }] },
      { id: 'acme', label: 'Acme', baseUrl: acme.url, email: 'me@example.com', schedules: [{ id: 'sch_plat', reminders: rem }] },
    ] };
    await h.files.writeAtomic('settings.json', JSON.stringify(settings));
    await h.secrets.set(`work@${new URL(h.sim.url).host}`, API_KEY);
    await h.secrets.set(`acme@${new URL(acme.url).host}`, API_KEY);
    const e = h.engine({ alarms: false });
    await e.start();
    await h.clock.advanceTo(at('2026-03-10T07:00:00Z'));
    h.sim.faults.set('*', { status: 500 });
    await h.clock.advanceTo(at('2026-03-10T08:30:00Z'));
    h.sim.state.addOverride('sch_ops', { ...TUE, userIds: ['usr_bob'] }, h.clock.now());
    await h.clock.advanceTo(at('2026-03-10T18:00:00Z'));
    h.sim.faults.clear();
    await h.clock.advanceTo(at('2026-03-10T18:30:00Z'));
    const notes = h.notifier.shown.map((n) => `${new Date(n.atMs).toISOString()} | ${n.title} | ${n.body}`);
    console.log(notes.join('\n'));
    await e.stop();
    await acme.close();
    expect(notes.join('\n')).toMatch(/Correction/);
    expect(notes.join('\n')).not.toMatch(/not on call 10:00 \(09:00 UTC\) after all/i);
  }, 120_000);
});
