// A change notice about one schedule's block says "you are not on call now" / "no longer on call then" / "on call now
// until 20:00" only where no other block of mine (another schedule, another account) has me then, as the tray and
// status say at the same moment (adv47 r30 #1). Real engine, simulator(s) on loopback, fake clock.
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
const TUE_MORE = { startMs: at('2026-03-10T17:00:00Z'), endMs: at('2026-03-10T19:00:00Z') };
/** Quiet 11:00–14:00 Berlin (10:00–13:00Z): a change to Thu is not urgent, so it waits for the summary. */
const QUIET = { quietHours: { enabled: true, start: '11:00', end: '14:00', days: [] } };

async function oneAccount(scheduleIds = ['sch_ops', 'sch_plat'], extra = {}): Promise<Harness> {
  const h = await createHarness({ startMs: START, seed: opsPlatformSeed(), files: 'fs' });
  const account = { id: 'work', label: 'Work', baseUrl: h.sim.url, email: 'me@example.com' };
  const schedules = scheduleIds.map((id) => ({ id }));
  const settings = { version: 2, startAtLogin: true, ...extra, accounts: [{ ...account, schedules }] };
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
  h.close = async () => {
    await close();
    await acme.close();
  };
  return h;
}

/** `who` takes `span` of Ops at 10:05Z; the notices shown within `forMs` after, and the tooltip and status then. */
async function opsChanged(h: Harness, span: { startMs: number; endMs: number }, who = 'usr_bob', forMs = 20 * MIN) {
  const e = h.engine({ alarms: false });
  await h.clock.runWhileAdvancing(e.start(), 1000, 60);
  await h.clock.advance(5 * MIN);
  const mark = h.notifier.shown.length;
  h.sim.state.addOverride('sch_ops', { ...span, userIds: [who] }, h.clock.now());
  await h.clock.advance(forMs);
  const notes = h.notifier.shown.slice(mark).map((n) => `${n.title} | ${n.body}`);
  const s = surfaces(e.getState(), h.clock.now());
  await e.stop();
  await h.close();
  return { notes: notes.join('\n'), tooltip: s.tooltip, status: s.status };
}

const COVERS_TUE = 'Bob Stone is covering your Ops shift 10:00–18:00 (09:00–17:00 UTC)';
const COVERS_THU = 'Bob Stone is covering your Ops shift Thu 10:00–18:00 (Thu 09:00–17:00 UTC)';

describe('a change notice about one schedule while another block of mine has me then', () => {
  it('my running Ops block given to Bob, Platform (same account) has me now: no "not on call now"', async () => {
    const r = await opsChanged(await oneAccount(), TUE_OPS);
    expect(r.tooltip).toMatch(/^On call: Platform/);
    expect(r.status).toMatch(/You are on call now: Platform/);
    expect(r.notes).toContain(`Your shift was removed | ${COVERS_TUE}.`);
    expect(r.notes).not.toMatch(/not on call now/);
  }, 60_000);

  it('the same with Platform on another account (Acme)', async () => {
    const r = await opsChanged(await twoAccounts(), TUE_OPS);
    expect(r.tooltip).toMatch(/^On call: Acme · Platform/);
    expect(r.notes).toContain(`Work · Your shift was removed | ${COVERS_TUE}.`);
    expect(r.notes).not.toMatch(/not on call now/);
  }, 60_000);

  it('my running Ops block cut to end at 11:00 Berlin (already past): no "not on call now"', async () => {
    const r = await opsChanged(await oneAccount(), TUE_CUT);
    expect(r.tooltip).toMatch(/^On call: Platform/);
    expect(r.notes).toContain('Your shift was cut short | Your Ops shift ended at 11:00 (10:00 UTC), not 18:00');
    expect(r.notes).not.toMatch(/not on call now/);
  }, 60_000);

  it('my Thu Ops block given to Bob, Platform has me all Thu: no "no longer on call then"', async () => {
    const r = await opsChanged(await oneAccount(), THU_OPS);
    expect(r.notes).toContain(`${COVERS_THU}.`);
    expect(r.notes).not.toMatch(/no longer on call then/);
  }, 60_000);

  it('my running Ops block extended to 20:00, Platform has me to Wed: the "until" is Ops\'s, not my time\'s', async () => {
    const r = await opsChanged(await oneAccount(), TUE_MORE, 'usr_me');
    expect(r.tooltip).toMatch(/until Wed 18:00/);
    expect(r.notes).toContain('— on call now; on Ops until 20:00 (19:00 UTC).');
    expect(r.notes).not.toMatch(/on call now until 20:00/);
  }, 60_000);

  it('held through quiet hours, the summary line says no "no longer on call then" either', async () => {
    const r = await opsChanged(await oneAccount(['sch_ops', 'sch_plat'], QUIET), THU_OPS, 'usr_bob', 3 * 60 * MIN);
    expect(r.notes).toMatch(/message.* while notifications were quiet/);
    expect(r.notes).toContain(COVERS_THU);
    expect(r.notes).not.toMatch(/no longer on call then/);
  }, 60_000);
});

describe('a change notice where no other block of mine has me then still says so', () => {
  it('Ops only watched: my running block given to Bob says "you are not on call now"', async () => {
    const r = await opsChanged(await oneAccount(['sch_ops']), TUE_OPS);
    expect(r.tooltip).not.toMatch(/^On call:/);
    expect(r.notes).toContain(`Your shift was removed | ${COVERS_TUE}: you are not on call now.`);
  }, 60_000);

  it('Ops only watched, held through quiet hours: the summary says "you are no longer on call then"', async () => {
    const r = await opsChanged(await oneAccount(['sch_ops'], QUIET), THU_OPS, 'usr_bob', 3 * 60 * MIN);
    expect(r.notes).toContain(`${COVERS_THU}: you are no longer on call then.`);
  }, 60_000);
});
