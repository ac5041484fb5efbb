// What a modelled service holds now, for controller tests without a simulator: me (with these others) over every
// window, or exactly the people of an override that covers it. Names and windows read as plainly as possible.
import type { Held, HeldDeps } from '../../../../electron/core/handoff/held';

export const MODEL_ME = 'bob@example.com'; // me in appState()

export function modelHeld(
  coveredBy: (scheduleId: string, startMs: number, endMs: number) => string[] | undefined = () => undefined,
  others: string[] = [],
): HeldDeps {
  return {
    reread: async (scheduleId, startMs, endMs): Promise<Held[]> => [
      { startMs, endMs, emails: coveredBy(scheduleId, startMs, endMs) ?? [MODEL_ME, ...others] },
    ],
    nameOf: (_, email) => email,
    windowOf: (_, a, b) => `${new Date(a).toISOString()}–${new Date(b).toISOString()}`,
    meOn: () => MODEL_ME,
  };
}
