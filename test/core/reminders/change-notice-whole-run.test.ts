// adv47 round 30, finding 1: a change notice about one schedule's block says "you are not on call now" / "you are no
// longer on call then" while I am on call then on another schedule (same account or another account), as the tray,
// status and every other surface say at the same moment. Real engine, simulator(s) on loopback, fake clock.
// World: Ops (UTC, 8 h: Bob 01–09Z, me 09–17Z, Alice 17–01Z) and Platform (UTC, daily from 09:00Z, Alice/me:
// me Tue 10 Mar 09:00Z – Wed 09:00Z and Thu 12 Mar 09:00Z – Fri 09:00Z). Start Tue 10 Mar 10:00Z (11:00 Berlin).
import { describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/engine-harness';
import { API_KEY, opsPlatformSeed, opsSeed, platformSeed } from '../support/seeds';
import { startSimulator } from '../../../electron/simulator/server';
import { surfaces } from '../truth/support';

const at = Date.parse;
const MIN = 60_000;
const START = at('2026-03-10T10:00:00Z');
const TUE_OPS = { startMs: at('2026-03-10T09:00:00Z'), endMs: at('2026-03-10T17:00:00Z') };
const TUE_CUT = { startMs: at('2026-03-10T10:00:00Z'), endMs: at('2026-03-10T17:00:00Z') };
const THU_OPS = { startMs: at('2026-03-12T09:00:00Z'), endMs: at('2026-03-12T17:00:00Z') };

async function oneAccount(): Promise<Harness> {
  const h = await createHarness({ startMs: START, seed: opsPlatformSeed(), files: 'fs' });
  const account = { id: 'work', label: 'Work', baseUrl: h.sim.url, email: 'me@example.com' };
  const settings = { version: 2, startAtLogin: true, accounts: [{ ...account, schedules: [{ id: 'sch_ops' }, { id: 'sch_plat' }] }] };
  await h.files.writeAtomic('settings.json', JSON.stringify(settings));
  await h.secrets.set(`work@${new URL(h.sim.url).host}`, API_KEY);
  return h;
}
async function twoAccounts(): Promise<Harness> {
  const h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
  const acme = await startSimulator({ seed: platformSeed(), now: () => h.clock.now() });
  const settings = {
    version: 2,
    startAtLogin: true,
    accounts: [
      { id: 'work', label: 'Work', baseUrl: h.sim.url, email: 'me@example.com', schedules: [{ id: 'sch_ops' }] },
      { id: 'acme', label: 'Acme', baseUrl: acme.url, email: 'me@example.com', schedules: [{ id: 'sch_plat' }] },
    ],
  };
  await h.files.writeAtomic('settings.json', JSON.stringify(settings));
  await h.secrets.set(`work@${new URL(h.sim.url).host}`, API_KEY);
  await h.secrets.set(`acme@${new URL(acme.url).host}`, API_KEY);
  const close = h.close.bind(h);
  h.close = async () => { await close(); await acme.close(); };
  return h;
}

/** Bob takes `span` of Ops at 10:05Z; the change notices shown then, and the tray tooltip and status after. */
async function bobTakes(h: Harness, span: { startMs: number; endMs: number }) {
  const e = h.engine({ alarms: false });
  await h.clock.runWhileAdvancing(e.start(), 1000, 60);
  await h.clock.advance(5 * MIN);
  const mark = h.notifier.shown.length;
  h.sim.state.addOverride('sch_ops', { ...span, userIds: [span.startMs === at('2026-03-10T17:00:00Z') ? 'usr_me' : 'usr_bob'] }, h.clock.now());
  await h.clock.advance(20 * MIN);
  const notes = h.notifier.shown.slice(mark).map((n) => `${n.title} | ${n.body}`);
  const s = surfaces(e.getState(), h.clock.now());
  await e.stop();
  await h.close();
  console.log([...notes, s.tooltip, s.status.split('\n').find((l) => l.startsWith('You are on call'))].join('\n'));
  return { notes: notes.join('\n'), tooltip: s.tooltip, status: s.status };
}

describe('adv47 r30 #1: a change notice says I am not on call while another schedule has me', () => {
  it('one account, my running Ops block given to Bob; Platform still has me now', async () => {
    const r = await bobTakes(await oneAccount(), TUE_OPS);
    expect(r.tooltip).toMatch(/^On call: Platform/);
    expect(r.status).toMatch(/You are on call now: Platform/);
    expect(r.notes).not.toMatch(/you are not on call now/);
  }, 60_000);

  it('two accounts (Work: Ops, Acme: Platform), the same', async () => {
    const r = await bobTakes(await twoAccounts(), TUE_OPS);
    expect(r.tooltip).toMatch(/^On call: Acme · Platform/);
    expect(r.notes).not.toMatch(/you are not on call now/);
  }, 60_000);

  it('one account, my running Ops block cut to end at 11:00 Berlin (already past); Platform still has me now', async () => {
    const r = await bobTakes(await oneAccount(), TUE_CUT);
    expect(r.tooltip).toMatch(/^On call: Platform/);
    expect(r.notes).not.toMatch(/you are not on call now/);
  }, 60_000);

  it('one account, my Thu Ops block given to Bob; Platform has me all Thu', async () => {
    const r = await bobTakes(await oneAccount(), THU_OPS);
    expect(r.notes).not.toMatch(/you are no longer on call then/);
  }, 60_000);
});

describe('adv47 r30 #1 (variant): my running Ops block extended while Platform has me to Wed 10:00', () => {
  it('the notice says "on call now until 20:00"; the tray says until Wed 18:00', async () => {
    const r = await bobTakes(await oneAccount(), { startMs: at('2026-03-10T17:00:00Z'), endMs: at('2026-03-10T19:00:00Z') });
    expect(r.tooltip).toMatch(/until Wed 18:00/);
    expect(r.notes).not.toMatch(/on call now until 20:00/);
  }, 60_000);
});
