// One service added as two accounts (Work first, Team), both on Ops. While Work is paused or muted every reminder
// and the start alarm come as Team's: the notice on the duplicate must say so, not "told once, as Work's", which the
// readiness lines above it contradict (adv47 r40 #2).
import { describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';
import { surfaces } from './support';

const MIN = 60_000;
async function sameServiceTwice(h: Harness, work: object): Promise<void> {
  const host = new URL(h.sim.url).host;
  const account = (id: string, label: string, more: object = {}) => ({
    ...{ id, label, baseUrl: h.sim.url, email: ME, schedules: [{ id: OPS_ID }] },
    ...more,
  });
  const file = { version: 2, accounts: [account('work', 'Work', work), account('team', 'Team')], startAtLogin: true };
  await h.files.writeAtomic('settings.json', JSON.stringify(file));
  for (const id of ['work', 'team']) await h.secrets.set(`${id}@${host}`, h.sim.apiKey);
}

describe('the same-service notice names the account telling the shared schedules now', () => {
  for (const [name, work, why] of [
    ['paused', { pausedUntil: '2026-03-10T09:30:00Z' }, 'paused'],
    ['muted', { muted: true }, 'muted'],
  ] as const) {
    it(`Work ${name}: reminders come as Team's, and the notice says they are told through Team`, async () => {
      const h = await createHarness({ startMs: Date.parse('2026-03-10T08:00:00Z'), seed: opsSeed });
      await sameServiceTwice(h, work);
      const e = h.engine();
      await e.start();
      for (let i = 0; i < 50; i++) await h.clock.advance(MIN);
      // What came is Team's (the 15 min lead at 08:45Z): the notice is judged against it.
      const told = h.notifier.shown.map((n) => n.title);
      expect(told).toContain('Team · On call in 15 min');
      expect(told.some((t) => t.startsWith('Work · '))).toBe(false);
      const status = surfaces(e.getState(), h.clock.now()).status;
      const notice = status.split('\n').filter((l) => l.startsWith('Notice: Team is the same service as Work'));
      expect(notice).toHaveLength(1);
      expect(notice[0]).toContain(`told once, through Team while Work is ${why}.`);
      expect(notice[0]).not.toContain("as Work's");
    }, 120_000);
  }
});
