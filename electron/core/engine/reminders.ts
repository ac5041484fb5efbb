// Bridges the engine to the reminders: the plan is rebuilt whenever the snapshot, the settings or the derived
// state change (all cheap and keyed, so nothing is ever shown twice), and judged again on resume.
import type { Settings } from '../../shared/settings';
import type { FiredStore } from '../storage/cache';
import type { Clock, Notifier } from '../ports';
import { createReminderScheduler, planReminders } from '../reminders/plan';
import type { Snapshot } from '../sync/snapshot';

export interface ReminderInputs {
  snapshot: Snapshot;
  /** The snapshot the current one replaced (at start-up: the cached one); undefined on the very first run. */
  previous: Snapshot | undefined;
  settings: Settings;
}

export interface ReminderHook {
  replan(inputs: ReminderInputs): void;
  /** After sleep: reminders whose time passed collapse into one accurate message. */
  resume(): void;
  stop(): void;
  /** Resolves when notifications and fired-key writes started so far are done. */
  settled(): Promise<void>;
}

export const NO_REMINDERS: ReminderHook = {
  replan: () => undefined, resume: () => undefined, stop: () => undefined, settled: async () => undefined,
};

export interface RemindersWiring {
  clock: Clock;
  notifier: Notifier;
  fired: FiredStore;
  localZone?: string;
  log: (message: string) => void;
}

/**
 * What a plan depends on besides time: shifts, names and zones, coverage, created overrides and settings. A sync
 * that only confirmed the data (new fetch times, same arrays) needs no new plan; the scheduler keeps judging
 * the current one by the clock. Planning formats every message, so skipping it matters at a 1-minute cadence.
 */
function planBasis(inputs: ReminderInputs): unknown[] {
  const { snapshot, settings } = inputs;
  const perSchedule = snapshot.schedules.flatMap((s) => [s.id, s.shifts, s.shiftsTo, s.notFound, s.details?.name, s.details?.time_zone]);
  return [settings, snapshot.coverageRequests, snapshot.coverageFetchedAt === null, snapshot.createdOverrides, ...perSchedule];
}

const sameBasis = (a: unknown[] | undefined, b: unknown[]): boolean =>
  a !== undefined && a.length === b.length && a.every((x, i) => Object.is(x, b[i]));

export function createRemindersFor(wiring: RemindersWiring): ReminderHook {
  const { clock, localZone } = wiring;
  const scheduler = createReminderScheduler({
    clock, notifier: wiring.notifier, firedStore: wiring.fired, log: wiring.log, ...(localZone ? { localZone } : {}),
  });
  let lastBasis: unknown[] | undefined;
  return {
    replan(inputs) {
      const basis = planBasis(inputs);
      if (sameBasis(lastBasis, basis)) return;
      lastBasis = basis;
      const plan = planReminders({ ...inputs, nowMs: clock.now(), ...(localZone ? { localZone } : {}) });
      scheduler.setPlan(plan);
    },
    resume: () => scheduler.check(),
    stop: () => scheduler.stop(),
    settled: () => scheduler.settled(),
  };
}
