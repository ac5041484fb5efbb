// Issue 30: two services in one engine, each its own simulator on loopback with its own key and THE SAME schedule id
// (sch_primary) with different people. Both are shown, apart, with the right people (the simulators' own answers are
// the oracle); each key is bound only to its own address; stopping one service leaves the other fresh and its
// reminders on time; the calendar's UIDs differ between the accounts.
import { describe, expect, it } from 'vitest';
import { myBlocks } from '../support/truth';
import { KEY_ACME, KEY_WORK, onCallNow, twoServices as start, type TwoServices } from './support/two-services';
import { HOUR } from '../../support/time';

const START = Date.parse('2026-03-04T12:00:00Z');

let world: TwoServices | undefined;

async function twoServices() {
  world = await start(START);
  return { harness: world.harness, other: world.acme, engine: world.engine };
}

describe('engine: two services in one tray', () => {
  it('shows both schedules apart, each with its own service’s people, each key bound to its own address', async () => {
    const { harness, other, engine } = await twoServices();
    await engine.start();
    await harness.clock.advance(5_000);
    const state = engine.getState();
    expect(state.accounts.map((a) => [a.id, a.label, a.sync.kind])).toEqual([
      ['work', 'Work', 'ok'],
      ['acme', 'Acme', 'ok'],
    ]);
    const byAccount = Object.fromEntries(state.schedules.map((s) => [s.accountId, s]));
    expect(state.schedules.map((s) => s.id)).toEqual(['work:sch_primary', 'acme:sch_primary']);
    expect(byAccount['work']!.scheduleId).toBe('sch_primary');
    expect(byAccount['work']!.now?.users.map((u) => u.name)).toEqual(await onCallNow(harness.sim, KEY_WORK));
    expect(byAccount['acme']!.now?.users.map((u) => u.name)).toEqual(await onCallNow(other, KEY_ACME));
    expect(byAccount['work']!.now?.users.map((u) => u.name)).not.toEqual(
      byAccount['acme']!.now?.users.map((u) => u.name),
    );
    // Each service only knows its own key: a key sent to the other would have been refused (401, key rejected).
    expect(harness.sim.requests.count({ status: 401 })).toBe(0);
    expect(other.requests.count({ status: 401 })).toBe(0);
    expect(harness.sim.requests.count()).toBeGreaterThan(0);
    expect(other.requests.count()).toBeGreaterThan(0);
    // My shifts come from both, each named by its account.
    const mine = state.me.shifts.map((m) => m.accountId);
    expect(new Set(mine)).toEqual(new Set(['work', 'acme']));
  }, 60_000);

  it('one service down: the other stays fresh and its reminders come on time; the failure names its account', async () => {
    const { harness, other, engine } = await twoServices();
    await engine.start();
    await harness.clock.advance(5_000);
    // My next blocks on Work, from Work's own rotation (the oracle), with a day's lead.
    const work = await myBlocks(harness.sim, ['sch_primary'], 'alice@example.com', START, START + 4 * 24 * HOUR);
    const nextStart = work.find((b) => b.startMs > START + 2 * HOUR)!;
    await other.close();
    await harness.clock.advanceTo(nextStart.startMs + 60_000);
    const state = engine.getState();
    const [workState, acmeState] = state.accounts;
    expect(workState!.sync.kind).toBe('ok');
    expect(acmeState!.sync.kind).not.toBe('ok');
    expect(state.sync.kind).not.toBe('ok');
    expect(state.sync.kind === 'ok' ? '' : state.sync.message).toMatch(/^Acme: /);
    expect(state.schedules.find((s) => s.accountId === 'work')!.status.kind).toBe('fresh');
    // Work's start reminder came at its start (within a minute), named with its account, not from saved data.
    const started = harness.notifier.shown.filter(
      (n) => n.id.startsWith('@work/shift:sch_primary:') && n.title.includes('On call now'),
    );
    expect(started.length).toBeGreaterThanOrEqual(1);
    const last = started.at(-1)!;
    expect(last.atMs).toBeGreaterThanOrEqual(nextStart.startMs);
    expect(last.atMs).toBeLessThan(nextStart.startMs + 60_000);
    expect(last.title).toMatch(/^Work · /);
    expect(last.body).not.toMatch(/saved data/i);
    // Acme's, due at the same instant from data read before it went down, say what they rest on.
    const acmeStart = harness.notifier.shown.find(
      (n) => n.id.startsWith('@acme/shift:sch_primary:') && n.atMs >= nextStart.startMs && n.title.includes('On call'),
    );
    expect(acmeStart?.title).toMatch(/^Acme · /);
    expect(acmeStart?.body).toMatch(/saved data/i);
    // Acme's reminders are keyed apart: never the same id as Work's for the same schedule id and time.
    const ids = harness.notifier.shown.map((n) => n.id);
    expect(new Set(ids).size).toBe(ids.length);
  }, 120_000);

  it('exports one calendar with both accounts’ blocks, their UIDs distinct', async () => {
    const { harness, engine } = await twoServices();
    await engine.start();
    await harness.clock.advance(5_000);
    const ics = await engine.calendar(7);
    const uids = [...ics.matchAll(/^UID:(.+)$/gm)].map((m) => m[1]!.trim()).filter((u) => !u.includes('-alarm-'));
    const state = engine.getState();
    const blocks = state.me.shifts.filter((m) => Date.parse(m.start) < START + 7 * 24 * HOUR);
    expect(new Set(blocks.map((b) => b.accountId))).toEqual(new Set(['work', 'acme']));
    expect(uids.length).toBeGreaterThanOrEqual(blocks.length);
    expect(new Set(uids).size).toBe(uids.length);
  }, 60_000);
});
