// Thirty simulated days of shift-start alarms, per seeded world: two schedules (one ringing at the start, one five
// minutes before), two accounts on the same service watching the first, quiet hours every night and a three-day
// pause, shifts of mine handed off (whole or in part) hours or days ahead, and a laptop that sleeps (with and without
// a resume event) and restarts. The real planner and engine run on a fake clock over an in-memory disk. Expected
// rings are computed here from the final roster and the laptop's downtime only: each block start of mine rings
// exactly once, at its instant when the app is running then, else within 90 s of the app running again while the
// shift is on; nothing rings for handed-off time, nor twice across restarts and accounts.
import { describe, expect, it } from 'vitest';
import { loadAlarmStore } from '../../../electron/core/alarm/alarm-store';
import { createAlarmEngine, type AlarmEngine } from '../../../electron/core/alarm/engine';
import { planAlarms } from '../../../electron/core/alarm/plan';
import type { Shift } from '../../../electron/api/schemas';
import { defaultServiceSettings, type ServiceSettings } from '../../../electron/shared/settings';
import { FakeClock, flush } from '../support/fake-clock';
import { alice, bob, details, me, scheduleSnap, snapshotOf } from '../support/fixtures';
import { MemoryFileStore } from '../support/memory-file-store';
import { prng } from '../support/prng';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const T0 = Date.parse('2026-03-01T00:00:00Z');
const DAYS = 30;
const SLOT = 8 * HOUR;
const SYNC_MS = HOUR;
const NOTICE_MS = 90_000;
const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z');
const SCHEDULES = [
  { id: 'sch_ops', leadMs: 0 },
  { id: 'sch_db', leadMs: 5 * MIN },
];

interface World {
  /** Per schedule, who has each slot before any hand-off. */
  roster: Record<string, ('me' | 'alice' | 'bob')[]>;
  /** My slots handed to Alice, and when (≥ 2 h before the slot). */
  handoffs: { scheduleId: string; slot: number; atMs: number }[];
  downs: { fromMs: number; toMs: number; kind: 'restart' | 'sleep-resume' | 'sleep-silent' }[];
}

function makeWorld(seed: number): World {
  const r = prng(seed);
  const slots = (DAYS * DAY) / SLOT;
  const roster: World['roster'] = {};
  const handoffs: World['handoffs'] = [];
  for (const { id } of SCHEDULES) {
    roster[id] = Array.from({ length: slots }, () => (r.next() < 0.45 ? 'me' : r.pick(['alice', 'bob'] as const)));
    roster[id].forEach((who, slot) => {
      if (who === 'me' && r.next() < 0.25)
        handoffs.push({ scheduleId: id, slot, atMs: T0 + slot * SLOT - r.int(2, 48) * HOUR });
    });
  }
  const downs: World['downs'] = [];
  for (let t = T0 + r.int(1, 10) * HOUR; t < T0 + DAYS * DAY;) {
    const len = r.int(1, 14 * 60) * MIN;
    downs.push({ fromMs: t, toMs: t + len, kind: r.pick(['restart', 'sleep-resume', 'sleep-silent'] as const) });
    t += len + r.int(2, 30) * HOUR;
  }
  return { roster, handoffs, downs };
}

const users = { me, alice, bob };
function shiftsAt(w: World, scheduleId: string, nowMs: number): Shift[] {
  const handed = new Set(w.handoffs.filter((h) => h.scheduleId === scheduleId && h.atMs <= nowMs).map((h) => h.slot));
  return (w.roster[scheduleId] ?? []).map((who, slot) => ({
    start: iso(T0 + slot * SLOT),
    end: iso(T0 + (slot + 1) * SLOT),
    users: [users[handed.has(slot) ? 'alice' : who]],
  }));
}

function settings(): ServiceSettings {
  const base = defaultServiceSettings();
  return {
    ...base,
    baseUrl: 'https://oncall.example.com/api',
    email: me.email,
    quietHours: { enabled: true, start: '22:00', end: '08:00', days: [] },
    pausedUntil: iso(T0 + 12 * DAY),
    schedules: [{ id: 'sch_ops' }, { id: 'sch_db', reminders: { ...base.reminders, startAlarm: '5-min-before' } }],
  };
}

/** Start and end of each block of mine in the final roster (hand-offs applied), computed from the roster alone. */
function finalBlocks(w: World): { scheduleId: string; startMs: number; endMs: number; atMs: number }[] {
  return SCHEDULES.flatMap(({ id, leadMs }) => {
    const mine = shiftsAt(w, id, Infinity).map((s) => s.users[0]?.email === me.email);
    const blocks: { scheduleId: string; startMs: number; endMs: number; atMs: number }[] = [];
    mine.forEach((m, slot) => {
      if (!m) return;
      const startMs = T0 + slot * SLOT;
      const last = blocks[blocks.length - 1];
      if (last && last.endMs === startMs) last.endMs += SLOT;
      else blocks.push({ scheduleId: id, startMs, endMs: startMs + SLOT, atMs: startMs - leadMs });
    });
    return blocks;
  });
}

/** The first instant at or after `t` when the app runs. */
function runningFrom(w: World, t: number): { atMs: number; wasDown: boolean } {
  const down = w.downs.find((d) => d.fromMs <= t && t < d.toMs);
  return down ? { atMs: down.toMs, wasDown: true } : { atMs: t, wasDown: false };
}

/** Settles one turn after each timer (the engine awaits nothing between timers), to keep 30 days fast. */
class QuickClock extends FakeClock {
  protected override settleAfterTimer(): Promise<void> {
    return Promise.resolve();
  }
}

async function simulate(w: World) {
  const clock = new QuickClock(T0 - HOUR);
  const files = new MemoryFileStore();
  const rings: { key: string; atMs: number }[] = [];
  const s1 = settings();
  const s2: ServiceSettings = { ...s1, schedules: [{ id: 'sch_ops' }] };
  // The snapshot changes only when a hand-off lands: one per state, so the planner's caches hold.
  const snaps = new Map<number, ReturnType<typeof snapshotOf>>();
  const snapshotAt = (nowMs: number) => {
    const applied = w.handoffs.filter((h) => h.atMs <= nowMs).length;
    const hit = snaps.get(applied);
    if (hit) return hit;
    const snap = snapshotOf(
      SCHEDULES.map(({ id }) =>
        scheduleSnap(id, shiftsAt(w, id, nowMs), {
          details: details(id, 'Europe/Berlin', [me, alice, bob]),
          shiftsFrom: iso(T0 - HOUR),
        }),
      ),
    );
    snaps.set(applied, snap);
    return snap;
  };
  const targetsNow = () => {
    const nowMs = clock.now();
    const snap = snapshotAt(nowMs);
    const input = { snapshot: snap, nowMs, localZone: 'Europe/Berlin', serviceKey: 'https://oncall.example.com' };
    return [...planAlarms({ ...input, settings: s1 }), ...planAlarms({ ...input, settings: s2 })];
  };
  const start = async (held: boolean): Promise<AlarmEngine> => {
    const store = await loadAlarmStore(files, () => clock.now());
    const e: AlarmEngine = createAlarmEngine({
      clock,
      store,
      held,
      ring: ({ target }) => rings.push({ key: target.key, atMs: clock.now() }),
      onWake: () => void clock.setTimer(0, () => (e.setTargets(targetsNow()), e.release())),
    });
    e.setTargets(targetsNow());
    e.release();
    return e;
  };
  let engine = await start(false);
  let nextSync = clock.now() + SYNC_MS;
  for (const d of [...w.downs, { fromMs: T0 + DAYS * DAY, toMs: Infinity, kind: 'end' as const }]) {
    for (; nextSync < d.fromMs; nextSync += SYNC_MS) {
      await clock.advanceTo(nextSync);
      engine.setTargets(targetsNow());
    }
    await clock.advanceTo(d.fromMs);
    if (d.kind === 'end') break;
    if (d.kind === 'restart') {
      await engine.settled();
      engine.stop();
      clock.sleep(d.toMs - d.fromMs);
      engine = await start(true);
    } else {
      clock.sleep(d.toMs - d.fromMs);
      if (d.kind === 'sleep-resume') {
        engine.hold();
        engine.setTargets(targetsNow());
        engine.release();
      }
    }
    await flush();
    nextSync = clock.now() + SYNC_MS;
  }
  await engine.settled();
  engine.stop();
  return { rings, files };
}

describe('shift-start alarms over 30 simulated days', () => {
  it.each([1, 2, 3, 4])('world %i: one ring per block start of mine, on time or on waking; none else', async (seed) => {
    const w = makeWorld(seed);
    const { rings } = await simulate(w);
    const expected = finalBlocks(w);
    const keyOf = (b: { scheduleId: string; startMs: number }) =>
      `alarm:https://oncall.example.com:${b.scheduleId}:${iso(b.startMs)}`;
    const byKey = new Map<string, number[]>();
    for (const r of rings) byKey.set(r.key, [...(byKey.get(r.key) ?? []), r.atMs]);
    // Every ring is for a block start in the final roster (no handed-off time), and none rings twice.
    const wanted = new Set(expected.map(keyOf));
    expect([...byKey.keys()].filter((k) => !wanted.has(k))).toEqual([]);
    expect([...byKey.entries()].filter(([, at]) => at.length > 1)).toEqual([]);
    let checked = 0;
    for (const b of expected) {
      const run = runningFrom(w, b.atMs);
      const rang = byKey.get(keyOf(b));
      if (run.atMs >= b.endMs) expect(rang, `${keyOf(b)} ended while down`).toBeUndefined();
      else if (run.atMs + NOTICE_MS >= b.endMs)
        continue; // woke within the last 90 s of the shift: either is right
      else if (!run.wasDown) expect(rang, keyOf(b)).toEqual([b.atMs]);
      else {
        expect(rang, keyOf(b)).toHaveLength(1);
        expect(rang?.[0]).toBeGreaterThanOrEqual(run.atMs);
        expect(rang?.[0]).toBeLessThanOrEqual(run.atMs + NOTICE_MS);
      }
      checked++;
    }
    // The world is not trivial: many starts, some handed off, some slept through.
    expect(checked).toBeGreaterThan(30);
    expect(w.handoffs.length).toBeGreaterThan(5);
    expect(expected.some((b) => runningFrom(w, b.atMs).wasDown)).toBe(true);
  });
});
