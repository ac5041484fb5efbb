// The oracle the write-flow properties share: every override the simulator stores, in the order it stored them,
// each with what every schedule held just before (the length of each schedule's override list then), and a model of
// the service's rule (the override created last over an instant wins) to say who was on call at any instant then.
// It knows nothing of the app's code: only the simulator's own list and the base read before anything was written.
import { createClient } from '../../../../electron/api/client';
import type { Harness } from '../../support/engine-harness';

export interface Ov {
  id: string;
  startMs: number;
  endMs: number;
  userIds: readonly string[];
}
export interface Logged {
  scheduleId: string;
  override: Ov;
  /** Each schedule's override count just before this one was stored. */
  before: Map<string, number>;
  /** Written by the test's "manager", not by the app. */
  manager: boolean;
}
export interface WriteLog {
  entries: Logged[];
  /** The manager writes this (straight into the service, as another client would). */
  manage(scheduleId: string, startMs: number, endMs: number, people: readonly string[]): void;
}

const emailOf = (id: string) => `${id.replace(/^usr_/, '')}@example.com`;
export const emailsOf = (o: Ov): string[] => o.userIds.map(emailOf).sort();

/** Wraps the simulator's store so every override (the app's through its routes, the manager's) is logged. */
export function logWrites(h: Harness, scheduleIds: readonly string[]): WriteLog {
  const state = h.sim.state;
  const store = state.addOverride.bind(state);
  const entries: Logged[] = [];
  let byManager = false;
  state.addOverride = (scheduleId, window, nowMs) => {
    const before = new Map(scheduleIds.map((id) => [id, state.schedules.get(id)?.overrides.length ?? 0]));
    const o = store(scheduleId, window, nowMs);
    if (o) entries.push({ scheduleId, override: o, before, manager: byManager });
    return o;
  };
  return {
    entries,
    manage(scheduleId, startMs, endMs, people) {
      byManager = true;
      try {
        state.addOverride(scheduleId, { startMs, endMs, userIds: people.map((p) => `usr_${p}`) }, h.clock.now());
      } finally {
        byManager = false;
      }
    },
  };
}

/** Who the service says is on call at each instant on a schedule (its shifts, read with its own key). */
export async function readAt(
  h: Harness,
  scheduleId: string,
  fromMs: number,
  toMs: number,
  samples: readonly number[],
): Promise<Map<number, string[]>> {
  const client = createClient({ baseUrl: h.sim.url, getApiKey: () => h.sim.apiKey });
  try {
    const read = await client.listAllShifts(scheduleId, {
      from: new Date(fromMs).toISOString(),
      to: new Date(toMs).toISOString(),
      clip_to_interval: true,
    });
    if (!read.ok) throw new Error(read.error.message);
    const shifts = read.value.shifts;
    return new Map(
      samples.map((t) => {
        const on = shifts.filter((s) => Date.parse(s.start) <= t && t < Date.parse(s.end));
        return [t, on.flatMap((s) => s.users.map((u) => u.email.toLowerCase())).sort()];
      }),
    );
  } finally {
    client.close();
  }
}

/** The model: the base, with the override created last over the instant winning. */
export function holders(base: Map<number, string[]>, list: readonly Ov[], t: number): string[] {
  const last = list.filter((o) => o.startMs <= t && t < o.endMs).at(-1);
  return last ? emailsOf(last) : (base.get(t) ?? []);
}

/** The overrides a schedule held, in order: all of them, or those stored before `entry` (that schedule's list). */
export function listOf(h: Harness, scheduleId: string, entry?: Logged): Ov[] {
  const all = h.sim.state.schedules.get(scheduleId)?.overrides ?? [];
  return entry ? all.slice(0, entry.before.get(scheduleId) ?? 0) : [...all];
}
