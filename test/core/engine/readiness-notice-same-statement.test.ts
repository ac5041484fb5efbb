// The readiness notification is the combined statement the tray, the popover and `status` word (adv47 r49 #1): two
// accounts of one service, Work watching Ops (my shift Thu 09–17Z) and Team watching Platform (Thu 09Z – Fri 09Z),
// both starting at 10:00 Berlin. Before, the notice was told from Work's readiness alone (its alarm judged, Team's
// not yet read), while the tray said Team's, and an identical problem of the other account was left unsaid.
import { describe, expect, it } from 'vitest';
import { createHarness } from '../support/engine-harness';
import { API_KEY, opsPlatformSeed } from '../support/seeds';
import { surfaces } from '../truth/support';

const at = Date.parse;
const REMINDERS = { leadTimesMin: [15], atStart: true, atEnd: true, shiftChanges: true };

/** Runs the app from 08:00Z with each account's start alarm as given, in the given order; the notices and surfaces. */
async function run(order: ('work' | 'team')[], alarmOff: { work: boolean; team: boolean }) {
  const h = await createHarness({ startMs: at('2026-03-12T08:00:00Z'), seed: opsPlatformSeed(), files: 'fs' });
  const account = (id: 'work' | 'team') => ({
    id,
    label: id === 'work' ? 'Work' : 'Team',
    baseUrl: h.sim.url,
    email: 'me@example.com',
    schedules: [
      {
        id: id === 'work' ? 'sch_ops' : 'sch_plat',
        reminders: { ...REMINDERS, startAlarm: alarmOff[id] ? 'off' : 'at-start' },
      },
    ],
  });
  const settings = { version: 2, startAtLogin: true, accounts: order.map(account) };
  await h.files.writeAtomic('settings.json', JSON.stringify(settings));
  for (const id of order) await h.secrets.set(`${id}@${new URL(h.sim.url).host}`, API_KEY);
  const e = h.engine({ alarms: false });
  await h.clock.runWhileAdvancing(e.start(), 1000, 60);
  await h.clock.advanceTo(at('2026-03-12T08:05:00Z'));
  const s = surfaces(e.getState(), h.clock.now());
  const notices = h.notifier.shown.filter((n) => /Not ready/.test(n.title));
  await e.stop();
  return { notices, menuLine: s.menu.split('\n').find((l) => /ready for your shift/.test(l)), status: s.status };
}

describe('the readiness notice says what the tray says, whatever the order of the accounts', () => {
  for (const order of [
    ['work', 'team'],
    ['team', 'work'],
  ] as ('work' | 'team')[][]) {
    it(`both alarms off (${order.join(', ')}): one notice, the tray's line, each account's alarm listed`, async () => {
      const r = await run(order, { work: true, team: true });
      expect(r.notices.map((n) => n.body)).toEqual([r.menuLine]);
      expect(r.notices[0]?.title.split(' · ')[0]).toBe(r.menuLine?.split(' · ')[0]);
      // The speaking account's problem, and the other's identical one named by its account beside it.
      const problems = r.status.split('\n').filter((l) => /PROBLEM — .*Shift-start alarm: off/.test(l));
      expect(problems).toHaveLength(2);
      expect(problems.some((l) => /(Work|Team): Shift-start alarm/.test(l))).toBe(true);
    }, 60_000);

    it(`only Work's alarm off (${order.join(', ')}): Work's problem, on the notice and the tray alike`, async () => {
      const r = await run(order, { work: true, team: false });
      expect(r.menuLine).toMatch(/^Work · Not ready for your shift at 10:00 .* Shift-start alarm: off/);
      expect(r.notices.map((n) => n.body)).toEqual([r.menuLine]);
      expect(r.status).toMatch(/PROBLEM — Shift-start alarm: off for this schedule/);
      expect(r.status).not.toMatch(/ok — Shift-start alarm: loud/);
    }, 60_000);
  }
});
