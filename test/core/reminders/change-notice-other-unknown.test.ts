// A change notice or correction about Work's Ops says "you are not on call now" / "no longer on call then" / "Not on
// call at 10:00 after all" only where every watched schedule of every account read that time fresh (issue 47): while
// Acme answers 500 with nothing saved, Acme's Platform may have me then, so the words stay about Ops alone. The
// control: Acme read fresh with no block of mine then keeps them. Real engine, two simulators on loopback, fake clock.
// World: Work's Ops (UTC, 8 h: Bob 01–09Z, me 09–17Z, Alice 17–01Z); Acme's Platform (Alice/me by day from 09Z: Alice
// Mon 09Z – Tue 09Z, me Tue 09Z – Wed 09Z, …). On Acme I am `acmeEmail`: alice (off Platform Tue, Thu) or me.
import { describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/engine-harness';
import { API_KEY, opsSeed, platformSeed } from '../support/seeds';
import { startSimulator, type RunningSimulator } from '../../../electron/simulator/server';

const at = Date.parse;
const MIN = 60_000;
const REM = { leadTimesMin: [15], atStart: true, atEnd: true, shiftChanges: true, startAlarm: 'off' };
const TUE_OPS = { startMs: at('2026-03-10T09:00:00Z'), endMs: at('2026-03-10T17:00:00Z') };
const THU_OPS = { startMs: at('2026-03-12T09:00:00Z'), endMs: at('2026-03-12T17:00:00Z') };

/** How Acme is: answering 500 to everything from the start (nothing saved); read fresh with me as Alice (off
 *  Platform Tue and Thu); so, but its shifts over Thu sent unreadable (a hole); so, but answering 500 once read
 *  (saved data only); or read fresh with an e-mail that names no one there (my shifts there unknown). */
type Acme = 'down' | 'fresh' | 'hole' | 'saved' | 'unmatched';
const ACME_EMAIL: Record<Acme, string> = {
  down: 'me@example.com',
  fresh: 'alice@example.com',
  hole: 'alice@example.com',
  saved: 'alice@example.com',
  unmatched: 'nobody@example.com',
};
const THU_HOLE = { fromMs: at('2026-03-12T10:00:00Z'), toMs: at('2026-03-12T11:00:00Z') };

/** Work and Acme from `startMs`, Acme as `acmeIs` says; `extra` settings (quiet hours). */
async function world(startMs: number, acmeIs: Acme, extra = {}): Promise<{ h: Harness; acme: RunningSimulator }> {
  const h = await createHarness({ startMs, seed: opsSeed, files: 'fs' });
  const acme = await startSimulator({ seed: platformSeed(), now: () => h.clock.now() });
  if (acmeIs === 'down') acme.faults.set('*', { status: 500 });
  if (acmeIs === 'hole') acme.unreadable.add('sch_plat', THU_HOLE);
  const work = { id: 'work', label: 'Work', baseUrl: h.sim.url, email: 'me@example.com' };
  const other = { id: 'acme', label: 'Acme', baseUrl: acme.url, email: ACME_EMAIL[acmeIs] };
  const accounts = [
    { ...work, schedules: [{ id: 'sch_ops', reminders: REM }] },
    { ...other, schedules: [{ id: 'sch_plat', reminders: REM }] },
  ];
  const settings = { version: 2, startAtLogin: true, ...extra, accounts };
  await h.files.writeAtomic('settings.json', JSON.stringify(settings));
  await h.secrets.set(`work@${new URL(h.sim.url).host}`, API_KEY);
  await h.secrets.set(`acme@${new URL(acme.url).host}`, API_KEY);
  const close = h.close.bind(h);
  h.close = async () => (await close(), await acme.close());
  return { h, acme };
}

/** Bob takes `span` of Ops at Tue 10:05Z; the notices shown within `forMs` after. */
async function opsGivenToBob(acmeIs: Acme, span: { startMs: number; endMs: number }, extra = {}, forMs = 20 * MIN) {
  const { h, acme } = await world(at('2026-03-10T10:00:00Z'), acmeIs, extra);
  const e = h.engine({ alarms: false });
  await h.clock.runWhileAdvancing(e.start(), 1000, 60);
  // Saved: Acme, read at the start, fails every read after it (the next one within these minutes).
  if (acmeIs === 'saved') acme.faults.set('*', { status: 500 });
  await h.clock.advance((acmeIs === 'saved' ? 15 : 5) * MIN);
  const mark = h.notifier.shown.length;
  h.sim.state.addOverride('sch_ops', { ...span, userIds: ['usr_bob'] }, h.clock.now());
  await h.clock.advance(forMs);
  const notes = h.notifier.shown.slice(mark).map((n) => `${n.title} | ${n.body}`);
  await e.stop();
  await h.close();
  return notes.join('\n');
}

/** Thu 08:50Z I give my Ops Thu 09–17Z to Bob (after its "On call in 15 min"); the notices shown up to 09:10Z. */
async function giveOpsAway(acmeIs: Acme): Promise<string> {
  const { h } = await world(at('2026-03-12T08:00:00Z'), acmeIs);
  const e = h.engine({ alarms: false });
  await h.clock.runWhileAdvancing(e.start(), 1000, 60);
  await h.clock.advanceTo(at('2026-03-12T08:50:00Z'));
  const window = { kind: 'custom' as const, start: '2026-03-12T09:00:00Z', end: '2026-03-12T17:00:00Z' };
  const write = e.handlers['override:create']({ scheduleId: 'work:sch_ops', window, emails: ['bob@example.com'] });
  await h.clock.runWhileAdvancing(write);
  await h.clock.advanceTo(at('2026-03-12T09:10:00Z'));
  const notes = h.notifier.shown.map((n) => `${n.title} | ${n.body}`).join('\n');
  await e.stop();
  await h.close();
  return notes;
}

const COVERS_TUE = 'Bob Stone is covering your Ops shift 10:00–18:00 (09:00–17:00 UTC)';
const COVERS_THU = 'Bob Stone is covering your Ops shift Thu 10:00–18:00 (Thu 09:00–17:00 UTC)';
/** Quiet 11:00–14:00 Berlin (10:00–13:00Z): a change to Thu is not urgent, so it waits for the summary. */
const QUIET = { quietHours: { enabled: true, start: '11:00', end: '14:00', days: [] } };
const COVERS = 'Bob Stone covers Ops 10:00–18:00 (09:00–17:00 UTC) instead of you.';

describe("a notice about Work's Ops while Acme (another account) is unknown then", () => {
  it('my running Ops block given to Bob: removed, but no "you are not on call now"', async () => {
    const notes = await opsGivenToBob('down', TUE_OPS);
    expect(notes).toContain(`Work · Your shift was removed | ${COVERS_TUE}.`);
    expect(notes).not.toMatch(/not on call now/);
  }, 60_000);

  it('my Thu Ops block given to Bob: no "you are no longer on call then"', async () => {
    const notes = await opsGivenToBob('down', THU_OPS);
    expect(notes).toContain(`${COVERS_THU}.`);
    expect(notes).not.toMatch(/no longer on call then/);
  }, 60_000);

  it('a correction of my give-away: its title is about Ops, never "Not on call at 10:00 after all"', async () => {
    const notes = await giveOpsAway('down');
    expect(notes).toContain(`Work · Ops at 10:00 (09:00 UTC) is not yours after all | ${COVERS}`);
    expect(notes).not.toMatch(/Not on call at 10:00 \(09:00 UTC\) after all/);
  }, 120_000);

  it('held through quiet hours: the summary line says no "no longer on call then" either', async () => {
    const notes = await opsGivenToBob('down', THU_OPS, QUIET, 3 * 60 * MIN);
    expect(notes).toMatch(/message.* while notifications were quiet/);
    expect(notes).toContain(COVERS_THU);
    expect(notes).not.toMatch(/no longer on call then/);
  }, 60_000);

  it('Acme\'s shifts over Thu sent unreadable (a hole): my Thu Ops block given to Bob, no "no longer on call then"', async () => {
    const notes = await opsGivenToBob('hole', THU_OPS);
    expect(notes).toContain(`${COVERS_THU}.`);
    expect(notes).not.toMatch(/no longer on call then/);
  }, 60_000);

  it('Acme saved data only (its reads fail since): no "you are not on call now" stated as fresh', async () => {
    const notes = await opsGivenToBob('saved', TUE_OPS);
    expect(notes).toContain(`Work · Your shift was removed | ${COVERS_TUE}.`);
    expect(notes).not.toMatch(/not on call now/);
  }, 60_000);

  it('my e-mail names no one on Acme (its shifts read, mine unknown): no "you are not on call now"', async () => {
    const notes = await opsGivenToBob('unmatched', TUE_OPS);
    expect(notes).toContain(`Work · Your shift was removed | ${COVERS_TUE}.`);
    expect(notes).not.toMatch(/not on call now/);
  }, 60_000);
});

describe('the same with Acme read fresh and no block of mine there then (control)', () => {
  it('my running Ops block given to Bob: "you are not on call now"', async () => {
    const notes = await opsGivenToBob('fresh', TUE_OPS);
    expect(notes).toContain(`Work · Your shift was removed | ${COVERS_TUE}: you are not on call now.`);
  }, 60_000);

  it('my Thu Ops block given to Bob: "you are no longer on call then"', async () => {
    const notes = await opsGivenToBob('fresh', THU_OPS);
    expect(notes).toContain(`${COVERS_THU}: you are no longer on call then.`);
  }, 60_000);

  it('the hole is over Thu only: my running Tue Ops block given to Bob, "you are not on call now"', async () => {
    const notes = await opsGivenToBob('hole', TUE_OPS);
    expect(notes).toContain(`Work · Your shift was removed | ${COVERS_TUE}: you are not on call now.`);
  }, 60_000);

  it('held through quiet hours: the summary says "you are no longer on call then"', async () => {
    const notes = await opsGivenToBob('fresh', THU_OPS, QUIET, 3 * 60 * MIN);
    expect(notes).toContain(`${COVERS_THU}: you are no longer on call then.`);
  }, 60_000);

  it('a correction of my give-away: "Not on call at 10:00 after all"', async () => {
    const notes = await giveOpsAway('fresh');
    expect(notes).toContain(`Work · Not on call at 10:00 (09:00 UTC) after all | ${COVERS}`);
  }, 120_000);
});
