// One service added as two accounts: what an earlier account of it watches too is told once, as that account's, and
// nothing else is left out. The inputs of an account's reminder plan without what is told elsewhere: the schedules
// both watch and, where the earlier one reads it, the coverage list (one per service and person).
import type { Snapshot } from '../model/snapshot';
import type { ServiceSettings } from '../../shared/settings';

export interface ToldElsewhere {
  /** Schedules (service ids) an earlier account of the same service watches too. */
  schedules: ReadonlySet<string>;
  /** Whether that account tells the coverage requests. */
  coverage: boolean;
}

export function withoutToldElsewhere<I extends { snapshot: Snapshot; settings: ServiceSettings }>(
  inputs: I,
  told: ToldElsewhere | undefined,
): I {
  if (!told || (told.schedules.size === 0 && !told.coverage)) return inputs;
  const schedules = inputs.settings.schedules.filter((w) => !told.schedules.has(w.id));
  const snapshot = told.coverage
    ? { ...inputs.snapshot, coverageRequests: [], coverageFetchedAt: null }
    : inputs.snapshot;
  return { ...inputs, snapshot, settings: { ...inputs.settings, schedules } };
}
