// Issue 18, case 5: a change to my shifts made while the schedule answered 404 is told once it answers again, by
// comparing what the app knew before the episode with what it reads after it. Real engine, real simulator over
// loopback, fake clock.
import { describe, expect, it } from 'vitest';
import { createClient } from '../../../electron/api/client';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';
import { HOUR, MIN } from '../../support/time';

// Berlin: Alice is on call 2026-03-25 08:00Z → 2026-03-26 08:00Z; I am on call the next day, 08:00Z → 08:00Z.
const START = Date.parse('2026-03-25T10:00:00Z');
const BERLIN = 'sch_berlin';
const MY_NEXT = { start: '2026-03-26T08:00:00Z', end: '2026-03-27T08:00:00Z' };

let h: Harness | undefined;
async function started() {
  h = await createHarness({ startMs: START, seed: threeZoneSeed() });
  await seedSettings(h, { email: ME, scheduleIds: [BERLIN] });
  const engine = h.engine();
  await engine.start();
  await h.clock.advance(1_000);
  return { h, engine };
}

/** Someone else changes the schedule through the service's API (the app's client is not involved). */
async function othersPut(harness: Harness, start: string, end: string, email: string): Promise<void> {
  const other = createClient({ baseUrl: harness.sim.url, getApiKey: () => harness.sim.apiKey, maxTries: 1 });
  const put = await other.createOverride(BERLIN, { start, end, user_references: [{ type: 'email', value: email }] });
  other.close();
  if (!put.ok) throw new Error(`override refused: ${put.error.message}`);
}

const changeNotices = (harness: Harness) => harness.notifier.shown.filter((n) => n.id.startsWith(`change:${BERLIN}:`));

/** The schedule answers 404 for a while; `during` runs in the middle of it; then it answers again. */
async function notFoundEpisode(
  harness: Harness,
  engine: { getState(): { schedules: { status: { kind: string } }[] } },
  during: () => Promise<void>,
) {
  harness.sim.faults.set('getSchedule', { status: 404, body: { message: 'No such schedule' } });
  await harness.clock.advance(15 * MIN);
  expect(engine.getState().schedules[0]?.status.kind).toBe('not_found');
  await during();
  await harness.clock.advance(30 * MIN);
  expect(engine.getState().schedules[0]?.status.kind).toBe('not_found');
  expect(changeNotices(harness)).toEqual([]);
  harness.sim.faults.clear('getSchedule');
}

describe('changes across a 404 episode', () => {
  it('my shift removed while the schedule answered 404 is told once it answers again, once', async () => {
    const { h, engine } = await started();
    await notFoundEpisode(h, engine, () => othersPut(h, MY_NEXT.start, MY_NEXT.end, 'alice@example.com'));
    await h.clock.advance(15 * MIN);
    expect(engine.getState().schedules[0]?.status.kind).toBe('fresh');
    const told = changeNotices(h);
    expect(told.map((n) => n.title)).toEqual(['Your shift was removed']);
    expect(told[0]?.body).toContain('Alice');
    await h.clock.advance(3 * HOUR);
    expect(changeNotices(h)).toHaveLength(1);
  });

  it('a shift added for me while the schedule answered 404 is told once it answers again', async () => {
    const { h, engine } = await started();
    await notFoundEpisode(h, engine, () => othersPut(h, '2026-03-25T16:00:00Z', '2026-03-25T20:00:00Z', ME));
    await h.clock.advance(15 * MIN);
    expect(changeNotices(h).map((n) => n.title)).toEqual(['Your shift was added']);
  });

  it('when the first read after the episode gets the details but not the shifts, the next one tells it', async () => {
    const { h, engine } = await started();
    await notFoundEpisode(h, engine, () => othersPut(h, MY_NEXT.start, MY_NEXT.end, 'alice@example.com'));
    h.sim.faults.set('listShifts', { status: 500, times: 1 });
    await h.clock.advance(HOUR);
    expect(engine.getState().schedules[0]?.status.kind).toBe('fresh');
    expect(changeNotices(h).map((n) => n.title)).toEqual(['Your shift was removed']);
  });
});
