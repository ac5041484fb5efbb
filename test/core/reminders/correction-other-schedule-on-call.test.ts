// adv47 r30 #2: I give my Ops block away (override) after its "On call in 15 min" was shown; the correction says
// "Not on call at 10:00 after all" while Platform (same account) has me from that very instant, as the tray says.
import { describe, expect, it } from 'vitest';
import { createHarness } from '../support/engine-harness';
import { API_KEY, opsPlatformSeed } from '../support/seeds';
import { surfaces } from '../truth/support';

const at = Date.parse;
describe('adv47 r30 #2: a correction of my own give-away says not on call while another schedule has me', () => {
  it('Thu 12 Mar: Ops 09–17Z and Platform 09Z–Fri 09Z are mine; I give Ops to Bob at 08:50Z', async () => {
    const h = await createHarness({ startMs: at('2026-03-12T08:00:00Z'), seed: opsPlatformSeed(), files: 'fs' });
    const account = { id: 'work', label: 'Work', baseUrl: h.sim.url, email: 'me@example.com' };
    const rem = { leadTimesMin: [15], atStart: true, atEnd: true, shiftChanges: true, startAlarm: 'off' };
    const settings = { version: 2, startAtLogin: true, accounts: [{ ...account, schedules: [{ id: 'sch_ops', reminders: rem }, { id: 'sch_plat', reminders: rem }] }] };
    await h.files.writeAtomic('settings.json', JSON.stringify(settings));
    await h.secrets.set(`work@${new URL(h.sim.url).host}`, API_KEY);
    const e = h.engine({ alarms: false });
    await h.clock.runWhileAdvancing(e.start(), 1000, 60);
    await h.clock.advanceTo(at('2026-03-12T08:50:00Z'));
    const window = { kind: 'custom' as const, start: '2026-03-12T09:00:00Z', end: '2026-03-12T17:00:00Z' };
    const r = await h.clock.runWhileAdvancing(e.handlers['override:create']({ scheduleId: 'work:sch_ops', window, emails: ['bob@example.com'] }));
    console.log('WRITE', JSON.stringify(r).slice(0, 200));
    await h.clock.advanceTo(at('2026-03-12T09:10:00Z'));
    const notes = h.notifier.shown.map((n) => `${new Date(n.atMs).toISOString()} | ${n.title} | ${n.body}`);
    const s = surfaces(e.getState(), h.clock.now());
    console.log(notes.join('\n') + '\n' + s.tooltip);
    await e.stop();
    expect(s.tooltip).toMatch(/^On call: Platform/);
    expect(notes.join('\n')).not.toMatch(/Not on call at 10:00 \(09:00 UTC\) after all/);
  }, 120_000);
});
