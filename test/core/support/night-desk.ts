// The app on "Night desk" (test/core/support/seeds.ts) with real files and a fake clock, as the quiet-hours,
// account-silence and travel tests start it: one account watching the schedule, quiet hours as each test sets them.
import { createHarness, seedSettings, type Harness } from './engine-harness';
import { ME, NIGHT_ID, nightDeskSeed } from './seeds';
import { jsonObject } from '../../support/json';
import { ms } from '../../support/time';

/** Quiet hours 22:00–07:00 every day. */
export const QUIET_NIGHTS = { enabled: true, start: '22:00', end: '07:00', days: [] };
/** Polling every 5 min, every minute in the 30 min before a shift starts. */
export const NEAR_REFRESH = { idleIntervalSec: 300, nearIntervalSec: 60, nearWindowMin: 30 };

/** Simulator, files and key at `startIso`; the engine not started yet. */
export async function nightDesk(
  startIso: string,
  settings: { refresh?: object; legacy?: boolean } = {},
): Promise<Harness> {
  const h = await createHarness({ startMs: ms(startIso), seed: nightDeskSeed(), files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: [NIGHT_ID], ...settings });
  return h;
}

/** Rewrites the stored settings file with `patch(stored)` merged over it at the top level. */
export async function patchSettings(h: Harness, patch: (stored: Record<string, unknown>) => object): Promise<void> {
  const stored = jsonObject((await h.files.read('settings.json')) ?? '{}');
  await h.files.writeAtomic('settings.json', JSON.stringify({ ...stored, ...patch(stored) }));
}

/** Alice asks me (a pending coverage request, "Dentist") to cover her Night desk shift of 14 March, 10:00–18:00Z. */
export function askMe(h: Harness, id: string): void {
  h.sim.state.coverageRequests.push({
    id,
    userId: 'usr_alice',
    reason: 'Dentist',
    status: 'pending',
    shifts: [
      {
        startMs: ms('2026-03-14T10:00:00Z'),
        endMs: ms('2026-03-14T18:00:00Z'),
        scheduleId: NIGHT_ID,
        scheduleName: 'Night desk',
      },
    ],
  });
}
