// Issue 47 (adversarial round 18, findings 1–3): a held correction is worded when the quiet-hours summary is shown,
// from what is known then, as held change notices are (reminders/held-restate). Real engine, simulator, files and a
// fake clock. Ops (UTC) rotates 8 h blocks: Bob 01–09Z, me 09–17Z, Alice 17–01Z; Berlin.
// Own override: quiet 22:00–07:00 Berlin; "On call in 13 h" at Tue 20:00Z; at 23:30Z I give Wed 09–17Z to Bob; at
// 03:00Z the service changes it again. Past: quiet 18:00–07:00 Berlin; down 07:00–18:00Z Tue while my Tue 09–17Z
// goes to Bob (told from saved data); at Wed 02:00Z the service changes that past block again.
// Failed before: each summary named Bob over the whole 10:00–18:00.
import { describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/engine-harness';
import { seedOf } from '../support/seeds';
import { closeAfterTest } from '../../support/closing';

const at = Date.parse;
const WED = { startMs: at('2026-03-11T09:00:00Z'), endMs: at('2026-03-11T17:00:00Z') };
const TUE = { startMs: at('2026-03-10T09:00:00Z'), endMs: at('2026-03-10T17:00:00Z') };
const QUIET_END = at('2026-03-11T06:00:00Z');
const SUMMARY = /while notifications were quiet$/;

async function world(startMs: number, quietStart: string, leadTimesMin: number[]): Promise<Harness> {
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
  const h = await createHarness({ startMs, seed, files: 'fs' });
  const reminders = { leadTimesMin, atStart: true, atEnd: true, shiftChanges: true, startAlarm: 'off' };
  const account = { id: 'main', label: 'Main', baseUrl: h.sim.url, email: 'me@example.com' };
  const settings = {
    version: 2,
    startAtLogin: true,
    quietHours: { enabled: true, start: quietStart, end: '07:00' },
    accounts: [{ ...account, schedules: [{ id: 'sch_ops', reminders }] }],
  };
  await h.files.writeAtomic('settings.json', JSON.stringify(settings));
  await h.secrets.set(`main@${new URL(h.sim.url).host}`, h.sim.apiKey);
  return closeAfterTest(h);
}

type Then = { startMs: number; endMs: number; userIds: string[] };
type Opts = { down?: boolean; restart?: boolean };

/** From 04:00Z: reads fail when `down`; a restart at 04:30Z when `restart`. The summary's lines at 06:05Z. */
async function toMorning(h: Harness, e0: ReturnType<Harness['engine']>, o: Opts): Promise<string[]> {
  let e = e0;
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
  const shown = h.notifier.shown.filter((n) => n.atMs >= QUIET_END && SUMMARY.test(n.title));
  return shown.flatMap((n) => n.body.split('\n'));
}

/** I give Wed 09–17Z to Bob at 23:30Z (quiet), then `then` at 03:00Z. */
async function ownNight(then: Then, o: Opts = {}): Promise<string[]> {
  const h = await world(at('2026-03-10T19:30:00Z'), '22:00', [780, 15]);
  const e = h.engine({ alarms: false });
  await e.start();
  await h.clock.advanceTo(at('2026-03-10T20:01:00Z'));
  expect(h.notifier.shown.map((n) => n.title)).toContain('On call in 13 h');
  await h.clock.advanceTo(at('2026-03-10T23:30:00Z'));
  const window = { kind: 'custom' as const, start: '2026-03-11T09:00:00Z', end: '2026-03-11T17:00:00Z' };
  const r = await h.clock.runWhileAdvancing(
    e.handlers['override:create']({ scheduleId: 'sch_ops', window, emails: ['bob@example.com'] }),
  );
  expect(r.ok).toBe(true);
  await h.clock.advanceTo(at('2026-03-11T03:00:00Z'));
  h.sim.state.addOverride('sch_ops', then, h.clock.now());
  return toMorning(h, e, o);
}

/** My Tue 09–17Z goes to Bob while the service is down (told from saved data); `then` at Wed 02:00Z. */
async function pastNight(then: Then | undefined, o: Opts = {}): Promise<string[]> {
  const h = await world(at('2026-03-10T06:00:00Z'), '18:00', [15]);
  const e = h.engine({ alarms: false });
  await e.start();
  await h.clock.advanceTo(at('2026-03-10T07:00:00Z'));
  h.sim.faults.set('*', { status: 500 });
  await h.clock.advanceTo(at('2026-03-10T08:30:00Z'));
  h.sim.state.addOverride('sch_ops', { ...TUE, userIds: ['usr_bob'] }, h.clock.now());
  await h.clock.advanceTo(at('2026-03-10T18:00:00Z'));
  h.sim.faults.clear();
  await h.clock.advanceTo(at('2026-03-11T02:00:00Z'));
  if (then) h.sim.state.addOverride('sch_ops', then, h.clock.now());
  return toMorning(h, e, o);
}

const NOT_ON_CALL = 'Not on call at 10:00 (09:00 UTC) after all';

describe('engine: a held correction of my own override is worded from what is known when shown', () => {
  it('given to Bob by me, then to Alice: Alice covers it', async () => {
    const lines = await ownNight({ ...WED, userIds: ['usr_alice'] });
    expect(lines).toEqual([`${NOT_ON_CALL}: Alice Doe covers Ops 10:00–18:00 (09:00–17:00 UTC) instead of you.`]);
  }, 30_000);

  it('then to Alice, and the service is down: Alice, on the saved data it rests on', async () => {
    const lines = await ownNight({ ...WED, userIds: ['usr_alice'] }, { down: true });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^Not on call at 10:00 \(09:00 UTC\) after all \(according to saved data from 0\d:\d\d\): Alice Doe covers/,
    );
  }, 30_000);

  it('then 13–17Z given back to me: Bob covers 10:00–14:00 only, and the block back is told beside it', async () => {
    const lines = await ownNight({ startMs: at('2026-03-11T13:00:00Z'), endMs: WED.endMs, userIds: ['usr_me'] });
    expect(lines[0]).toBe(`${NOT_ON_CALL}: Bob Stone covers Ops 10:00–14:00 (09:00–13:00 UTC) instead of you.`);
    expect(lines.slice(1).join('\n')).toMatch(/14:00–18:00/);
    expect(lines.join('\n')).not.toMatch(/10:00–18:00/);
  }, 30_000);
});

// Tue is yesterday when the summary is shown (Wed 06:05Z): a past day carries its date ("10 Mar, 10:00"), as the one
// formatter words it since adv49 r19, never a bare weekday that reads as next Tuesday. Computed here, not pinned.
const TUE_DAY = (zone: string) =>
  new Date(TUE.startMs).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: zone });
const [DAY, DAY_UTC] = [TUE_DAY('Europe/Berlin'), TUE_DAY('UTC')];
const CORRECTION = `Correction: not on call ${DAY}, 10:00 (09:00 UTC) after all`;
const SAVED = `What you were told about it came from saved data from ${DAY}, 07:56.`;

describe('engine: a held past correction is worded from what is known when shown', () => {
  it('given to Carol since: Carol was on call', async () => {
    const lines = await pastNight({ ...TUE, userIds: ['usr_carol'] });
    expect(lines).toEqual([
      `${CORRECTION}: Carol Lee was on call Ops ${DAY}, 10:00–18:00 (${DAY_UTC}, 09:00–17:00 UTC), not you. ${SAVED}`,
    ]);
  }, 30_000);

  it('given to Carol since, then down and a restart: Carol, on the saved data it rests on', async () => {
    const lines = await pastNight({ ...TUE, userIds: ['usr_carol'] }, { down: true, restart: true });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`Carol Lee was on call Ops ${DAY}, 10:00–18:00`);
    expect(lines[0]).not.toMatch(/Bob/);
  }, 30_000);

  it('13–17Z put back on me since: Bob had 10:00–14:00 only', async () => {
    const lines = await pastNight({ startMs: at('2026-03-10T13:00:00Z'), endMs: TUE.endMs, userIds: ['usr_me'] });
    expect(lines).toEqual([
      `${CORRECTION}: Bob Stone was on call Ops ${DAY}, 10:00–14:00 (${DAY_UTC}, 09:00–13:00 UTC), not you. ${SAVED}`,
    ]);
  }, 30_000);
});
