// Issue 47 (adversarial round 17, findings 1–3): a held change notice about my blocks is restated when the quiet-hours
// summary is shown, from what I was told before it against my blocks as known then. Real engine, simulator, files and
// a fake clock. Ops (UTC) rotates 8 h blocks: Bob 01–09Z, me 09–17Z, Alice 17–01Z; Berlin; quiet 22:00–07:00 Berlin.
// At 20:00Z I am told "On call in 13 h | Ops Wed 10:00–18:00"; at 23:30Z Bob is given my Wed 09–17Z; at 03:00Z the
// service changes that window again. Failed before: the summary named Bob (alice), said "removed" beside "added"
// (part) and "added" for a block I was told I had (back).
import { describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/engine-harness';
import { seedOf } from '../support/seeds';
import { closeAfterTest } from '../../support/closing';

const at = Date.parse;
const WED = { startMs: at('2026-03-11T09:00:00Z'), endMs: at('2026-03-11T17:00:00Z') };
const QUIET_END = at('2026-03-11T06:00:00Z');
const SUMMARY = /while notifications were quiet$/;

async function world(): Promise<Harness> {
  const seed = seedOf([
    {
      id: 'sch_ops',
      name: 'Ops',
      zone: 'Etc/UTC',
      rotationStart: '2026-03-01T01:00:00Z',
      userIds: ['usr_bob', 'usr_me', 'usr_alice'],
      length: { amount: 8, unit: 'hours' },
    },
  ]);
  const h = await createHarness({ startMs: at('2026-03-10T19:30:00Z'), seed, files: 'fs' });
  const reminders = { leadTimesMin: [780, 15], atStart: true, atEnd: true, shiftChanges: true, startAlarm: 'off' };
  const account = { id: 'main', label: 'Main', baseUrl: h.sim.url, email: 'me@example.com' };
  const settings = {
    version: 2,
    startAtLogin: true,
    quietHours: { enabled: true, start: '22:00', end: '07:00' },
    accounts: [{ ...account, schedules: [{ id: 'sch_ops', reminders }] }],
  };
  await h.files.writeAtomic('settings.json', JSON.stringify(settings));
  await h.secrets.set(`main@${new URL(h.sim.url).host}`, h.sim.apiKey);
  return closeAfterTest(h);
}

type Then = { startMs: number; endMs: number; userIds: string[] };

/** Runs the night: Bob at 23:30Z, then `then` at 03:00Z; reads fail from 04:00Z when `down`; restart at 04:30Z. */
async function night(then: Then, o: { down?: boolean; restart?: boolean } = {}): Promise<string[]> {
  const h = await world();
  let e = h.engine({ alarms: false });
  await e.start();
  await h.clock.advanceTo(at('2026-03-10T20:01:00Z'));
  expect(h.notifier.shown.map((n) => n.title)).toContain('On call in 13 h');
  await h.clock.advanceTo(at('2026-03-10T23:30:00Z'));
  h.sim.state.addOverride('sch_ops', { ...WED, userIds: ['usr_bob'] }, h.clock.now());
  await h.clock.advanceTo(at('2026-03-11T03:00:00Z'));
  h.sim.state.addOverride('sch_ops', then, h.clock.now());
  await h.clock.advanceTo(at('2026-03-11T04:00:00Z'));
  if (o.down) h.sim.faults.set('*', { status: 500 });
  if (o.restart) {
    await h.clock.advanceTo(at('2026-03-11T04:30:00Z'));
    await e.stop();
    e = h.engine({ alarms: false });
    await e.start();
  }
  await h.clock.advanceTo(QUIET_END + 5 * 60_000);
  await e.stop();
  return h.notifier.shown.filter((n) => n.atMs >= QUIET_END && SUMMARY.test(n.title)).map((n) => n.body);
}

describe('engine: a held change notice is restated from what is known when the summary is shown', () => {
  it('given to Bob, then to Alice: says Alice covers it', async () => {
    const [body, ...more] = await night({ ...WED, userIds: ['usr_alice'] });
    expect(more).toEqual([]);
    expect(body).toBe(
      'Your shift was removed: Alice Doe is covering your Ops shift 10:00–18:00 (09:00–17:00 UTC): you are no longer on call then.',
    );
  }, 30_000);

  it('given to Alice, then the service is down: says Alice, on the saved data it rests on', async () => {
    const [body] = await night({ ...WED, userIds: ['usr_alice'] }, { down: true });
    expect(body).toMatch(/^Your shift was removed \(according to saved data from 0\d:\d\d\): Alice Doe is covering/);
    expect(body).not.toMatch(/Bob/);
  }, 30_000);

  it('given to Alice, across a restart: says Alice', async () => {
    const [body] = await night({ ...WED, userIds: ['usr_alice'] }, { restart: true });
    expect(body).toMatch(/^Your shift was removed: Alice Doe is covering your Ops shift 10:00–18:00/);
  }, 30_000);

  it('partly given back: one true line, my block shortened', async () => {
    const [body, ...more] = await night({ startMs: at('2026-03-11T13:00:00Z'), endMs: WED.endMs, userIds: ['usr_me'] });
    expect(more).toEqual([]);
    expect(body).toBe(
      'Your shift was changed: Ops: now 14:00–18:00 (13:00–17:00 UTC) (was 10:00–18:00 (09:00–17:00 UTC), 4 h shorter) — on call in 7 h.',
    );
  }, 30_000);

  it('given back whole: no change is told', async () => {
    const bodies = await night({ ...WED, userIds: ['usr_me'] });
    expect(bodies.join('\n')).not.toMatch(/Your shift was (added|removed|changed)/);
  }, 30_000);
});
