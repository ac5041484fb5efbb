// Issue 30: two services in one engine, each its own simulator on loopback with its own key and THE SAME schedule id
// (sch_primary) with different people. Both are shown, apart, with the right people (the simulators' own answers are
// the oracle); each key is bound only to its own address; stopping one service leaves the other fresh and its
// reminders on time; the calendar's UIDs differ between the accounts.
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../../electron/api/client';
import { startSimulator, type RunningSimulator } from '../../../electron/simulator/server';
import { createHarness, type Harness } from '../support/engine-harness';
import { baseSeed } from '../../simulator/helpers';
import { myBlocks } from '../support/truth';

const START = Date.parse('2026-03-04T12:00:00Z');
const HOUR = 3_600_000;
const KEY_WORK = 'ocs_work_key_1111';
const KEY_ACME = 'ocs_acme_key_2222';

/** One service: a daily rotation on sch_primary between two people; `prefix` makes its people its own. */
function serviceSeed(key: string, people: [string, string]) {
  const seed = baseSeed();
  const [first, second] = people;
  const person = (id: string) => ({
    id: `usr_${id}`,
    name: `${id[0]!.toUpperCase()}${id.slice(1)} Person`,
    email: `${id}@example.com`,
    time_zone: 'Europe/Berlin',
    role: 'standard',
    seat: 'member',
    chat_id: `U_${id}`,
  });
  seed.api_keys = [{ key, user_id: `usr_${first}` }];
  seed.users = [person(first), person(second)];
  const schedule = seed.schedules[0]!;
  const layer = schedule.layers[0]!;
  layer.user_ids = [`usr_${first}`, `usr_${second}`];
  layer.shift_length = { amount: 1, unit: 'days' };
  return seed;
}

let h: Harness | undefined;
let acme: RunningSimulator | undefined;
afterEach(async () => {
  await h?.close();
  await acme?.close().catch(() => undefined);
  h = undefined;
  acme = undefined;
});

async function twoServices() {
  const harness = await createHarness({ startMs: START, seed: serviceSeed(KEY_WORK, ['alice', 'bob']), files: 'fs' });
  h = harness;
  const other = await startSimulator({
    seed: serviceSeed(KEY_ACME, ['erin', 'frank']),
    now: () => harness.clock.now(),
  });
  acme = other;
  const settings = {
    version: 2,
    startAtLogin: true,
    accounts: [
      {
        id: 'work',
        label: 'Work',
        baseUrl: harness.sim.url,
        email: 'alice@example.com',
        schedules: [{ id: 'sch_primary' }],
      },
      { id: 'acme', label: 'Acme', baseUrl: other.url, email: 'erin@example.com', schedules: [{ id: 'sch_primary' }] },
    ],
  };
  await harness.files.writeAtomic('settings.json', JSON.stringify(settings));
  await harness.secrets.set(`work@${new URL(harness.sim.url).host}`, KEY_WORK);
  await harness.secrets.set(`acme@${new URL(other.url).host}`, KEY_ACME);
  const engine = harness.engine();
  return { harness, other, engine };
}

/** Who the service itself says is on call now on sch_primary (its own answer, read with its own key). */
async function onCallNow(sim: RunningSimulator, key: string): Promise<string[]> {
  const client = createClient({ baseUrl: sim.url, getApiKey: () => key });
  try {
    const schedule = await client.getSchedule('sch_primary');
    if (!schedule.ok) throw new Error(schedule.error.message);
    return schedule.value.current_oncall_shift?.users.map((u) => u.name) ?? [];
  } finally {
    client.close();
  }
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
    acme = undefined;
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
