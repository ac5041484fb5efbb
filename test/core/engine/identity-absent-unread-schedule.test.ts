// Issue 47, adv47 r47 #1: "my e-mail names no one" only about schedules whose people are known. Account Alpha
// watches Ops and Pay; I am in Pay's rotation, not Ops's. Pay's routes answer 500 after a first good read, so the
// passes that follow read Ops alone: that read settles nothing about Pay, whose saved read lists me. No surface may
// say "No one on Alpha's schedules has the e-mail …", and the load line counts Ops as read (0 h, fresh) and Pay's
// hours up to its saved read. Real engine + simulator + fake clock.
import { describe, expect, it } from 'vitest';
import { createHarness } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';
import { surfaces } from '../truth/support';

const MIN = 60_000;

async function alpha() {
  const seed = seedOf([
    {
      id: 'sch_ops',
      name: 'Ops',
      zone: 'Etc/UTC',
      rotationStart: '2026-03-01T00:00:00Z',
      userIds: ['usr_alice', 'usr_bob'],
      length: { amount: 1, unit: 'days' },
    },
    {
      id: 'sch_pay',
      name: 'Pay',
      zone: 'Etc/UTC',
      rotationStart: '2026-03-01T01:00:00Z',
      userIds: ['usr_bob', 'usr_me', 'usr_alice'],
      length: { amount: 8, unit: 'hours' },
    },
  ]);
  const h = await createHarness({ startMs: Date.parse('2026-03-10T10:00:00Z'), seed, files: 'fs' });
  const host = new URL(h.sim.url).host;
  const schedules = [{ id: 'sch_ops' }, { id: 'sch_pay' }];
  const account = { id: 'a', label: 'Alpha', baseUrl: h.sim.url, email: ME, schedules };
  await h.files.writeAtomic('settings.json', JSON.stringify({ version: 2, startAtLogin: true, accounts: [account] }));
  await h.secrets.set(`a@${host}`, h.sim.apiKey);
  return h;
}

describe('my e-mail naming no one is said only of schedules whose people are known (adv47 r47 #1)', () => {
  it('a pass reading Ops alone, Pay unreadable and saved with me, says nothing of my e-mail', async () => {
    const h = await alpha();
    const engine = h.engine();
    await engine.start();
    await h.clock.advance(MIN);
    expect(engine.getState().me.onCallNow.length).toBe(1);
    h.sim.faults.set('getSchedule', { status: 500, pathIncludes: 'sch_pay' });
    h.sim.faults.set('listShifts', { status: 500, pathIncludes: 'sch_pay' });
    await h.clock.advance(30 * MIN);
    await engine.handlers['sync:refresh'](null);
    await h.clock.advance(MIN);
    const state = engine.getState();
    const t = surfaces(state, h.clock.now());
    await engine.stop();
    const said = (Object.entries(t) as [string, string][]).flatMap(([k, v]) => v.split('\n').map((l) => `${k}: ${l}`));
    expect(state.notices.filter((n) => n.unmatched !== undefined)).toEqual([]);
    expect(said.filter((l) => /has the e-mail/.test(l))).toEqual([]);
    // Ops was read just now and I am not in its rotation: 0 h of it, all read (not "Ops 0 h + 169 h not readable").
    // Pay's saved read counts my hours up to that read (11:00): 3 Mar 10:00–17:00, six days of 8 h, today 09–11.
    const load = t.status
      .split('\n')
      .find((l) => /this month/.test(l))
      ?.trim();
    expect(load).toBe(
      'this month 2026-03: 57 h · 16 h at weekends (since Tue 3 Mar, 10:00, saved data from 11:00) — Pay 57 h',
    );
  }, 60_000);
});
