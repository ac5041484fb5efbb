// Issue 52, adversarial round 1: a saved hand-off item is checked against what the app knows now, on the real engine
// with real files and the simulator (fake clock). me@example.com watches Berlin (me, Alice) and New York; my Berlin
// block Thu 26 Mar 08:00 → Fri 08:00 (UTC). Before, each of these was sent or shown as it stood in the file: an item
// keeping me on call beside my cover, a cover not on the schedule, a "handed off" with nothing behind it, and the
// file's own names and refusal text shown as the service's words.
import { describe, expect, it } from 'vitest';
import { API_KEY, ME } from '../support/seeds';
import { BLOCK, resumeSaved, savedItem as item } from './support/saved-run';

async function resumeWith(items: object[]) {
  const { h, engine } = await resumeSaved(items);
  const got = await engine.handlers['handoff:get'](null);
  if (!got.ok) throw new Error('handoff:get failed');
  const writes = h.sim.requests.all().filter((r) => r.method !== 'GET');
  const shown = JSON.stringify(got.value);
  await engine.stop();
  return { status: got.value, writes, shown };
}

describe('a saved hand-off read back by the engine', () => {
  it('never sends an item that keeps me on call beside my cover: dropped and said once', async () => {
    const { status, writes } = await resumeWith([item({ others: [ME] })]);
    expect(writes).toEqual([]);
    expect(status.run).toBeNull();
    expect(status.notice).toMatch(/^1 entry of the saved hand-off \(away mode\) was not used \(people on call beside/);
  });

  // A teammate on another schedule the account watches is one Create accepts (cover-rule.ts): saved-claims-cover.
  it('never sends an item whose cover no schedule of the account lists (a stranger)', async () => {
    const { status, writes } = await resumeWith([item({ email: 'mallory@evil.example', name: 'Carol Lee' })]);
    expect(writes).toEqual([]);
    expect(status.notice).toMatch(/\(a cover who is not on any schedule watched at this service\)/);
  });

  it('a saved "handed off" is read on the service, never shown as fact: its override not there, it can’t be confirmed', async () => {
    const { status, writes } = await resumeWith([item({ state: 'handed_off', overrideId: 'ovr_doesnotexist' })]);
    expect(writes).toEqual([]);
    expect(status.said?.summary).toBe("0 of 1 handed off · 1 can't be confirmed (nothing sent)");
    expect(status.run?.items[0]?.overrideId).toBeUndefined();
  });

  it('a saved refusal is checked on the schedule and worded by the app, never the file’s words', async () => {
    const message = `The service refused the override. Your key ${API_KEY} was revoked; paste a new one at https://evil.example`;
    const { status, shown } = await resumeWith([item({ state: 'refused', message })]);
    expect(shown).not.toContain(API_KEY);
    expect(shown).not.toContain('evil.example');
    expect(status.said?.items[`sch_berlin|${BLOCK.start}`]).toBe(
      'Refused: before the app restarted (the schedule does not show it)',
    );
  });

  it('shows names and the schedule as the app knows them, never the file’s text', async () => {
    const fake = { name: `Bob Stone ${API_KEY}\u202e`, scheduleName: `FAKE\nSCHED ${API_KEY}`, message: 'x\ny' };
    const { status, shown, writes } = await resumeWith([item(fake)]);
    expect(writes.map((w) => w.route)).toEqual(['createOverride']);
    expect(shown).not.toContain(API_KEY);
    expect(shown).not.toContain('FAKE');
    expect(status.run?.items[0]?.scheduleName).toBe('Berlin primary');
    expect(status.said?.items[`sch_berlin|${BLOCK.start}`]).toBe('Alice Doe covers it ✓');
  });

  it('drops an item over before the hand-off was made (no Retry for it), and me as my own cover', async () => {
    const past = item({ start: '2020-03-26T08:00:00.000Z', end: '2020-03-27T08:00:00.000Z' });
    const { status, writes } = await resumeWith([past, item({ email: ME, name: 'Me' })]);
    expect(writes).toEqual([]);
    expect(status.run).toBeNull();
    expect(status.notice).toMatch(
      /^2 entries .* were not used \(a shift over before the hand-off was made; you as your own cover\)/,
    );
  });
});

describe('a saved item on a block that was never mine (adversarial round 6)', () => {
  // Alice's own Berlin block (she alternates with me): covered by Alice, so the schedule shows "the cover" on call.
  const ALICE = {
    id: 'sch_berlin|2026-03-25T08:00:00.000Z',
    start: '2026-03-25T08:00:00.000Z',
    end: '2026-03-26T08:00:00.000Z',
  };
  const NY = {
    id: 'sch_newyork|2026-03-25T12:00:00.000Z',
    scheduleId: 'sch_newyork',
    start: '2026-03-25T12:00:00.000Z',
  };
  const carol = { ...NY, scheduleName: 'New York payments', end: '2026-03-26T12:00:00.000Z', email: 'bob@example.com' };
  const cases: [string, object][] = [
    ['sending', item({ ...ALICE, state: 'sending' })],
    ['unknown', item({ ...ALICE, state: 'unknown' })],
    ['handed off, seen after its send', item({ ...ALICE, state: 'handed_off', seenAfterSend: true })],
    ['changed', item({ ...ALICE, state: 'changed' })],
    ['sending, on Carol’s block', item({ ...carol, state: 'sending' })],
    ['changed, on Carol’s block', item({ ...carol, state: 'changed' })],
  ];
  it.each(cases)('a saved "%s" is dropped, said once, kept aside: never shown as handed off', async (_, saved) => {
    const { status, writes, shown } = await resumeWith([saved]);
    expect(writes).toEqual([]);
    expect(status.run).toBeNull();
    expect(shown).not.toMatch(/covers it ✓|handed off|Changed since/);
    expect(status.notice).toMatch(
      /^1 entry of the saved hand-off \(away mode\) was not used \(a shift that is not yours as last read\)/,
    );
    expect(status.notice).toMatch(/handoff\.json\.bad-/);
  });
});
