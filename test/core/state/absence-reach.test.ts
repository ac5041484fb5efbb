// Issue 49, adversarial round 3, findings 3 and 4: "no shift of yours" said only as far as the data read reaches, in
// the same words on every surface (one statement, shared/knowledge.ts myAbsence). The tray said "No upcoming shift of
// yours" (tooltip "Off call") after reading 14 days, with my shift on day 17; from saved data known for 9 more days
// every surface said "in the next 14 days". States come from the real deriveState.
import { describe, expect, it } from 'vitest';
import type { Shift } from '../../../electron/api/schemas';
import { formatStatus } from '../../../electron/cli/status-format';
import { deriveState } from '../../../electron/core/state/derive';
import { buildTrayMenu, trayTooltip } from '../../../electron/core/state/tray-menu';
import type { AppState } from '../../../electron/shared/view-state';
import { myShiftsNote } from '../../../renderer/src/lib/my-shift-rows';
import { myStateLine } from '../../../renderer/src/lib/status-model';
import {
  alice,
  bob,
  deriveInput,
  details,
  ms,
  scheduleSnap,
  settingsWith,
  shift,
  snapshotOf,
} from '../support/fixtures';
import { DAY, HOUR } from '../../support/time';
import { trayLabels } from '../support/tray-labels';

const ZONE = 'Europe/Berlin';
const NOW = ms('2026-03-02T13:05:00Z'); // Mon 14:05 in Berlin
const iso = (msValue: number): string => new Date(msValue).toISOString();

/** Platform primary as read at `readAtMs` (a week back to 15 days ahead, as the app reads, daily hand-overs, none mine); `failing`:
 *  the service can't be read now, so it is saved data. */
function state(readAtMs: number, failing: boolean): AppState {
  const from = Math.floor((readAtMs - 7 * DAY) / HOUR) * HOUR;
  const to = readAtMs + 15 * DAY;
  const shifts: Shift[] = Array.from({ length: Math.ceil((to - from) / DAY) }, (_, d) =>
    shift(iso(from + d * DAY), iso(Math.min(from + (d + 1) * DAY, to)), d % 2 === 0 ? alice : bob),
  );
  const read = iso(readAtMs);
  const platform = scheduleSnap('sch_platform', shifts, {
    details: details('Platform primary', ZONE, [alice, bob]),
    detailsFetchedAt: read,
    shiftsFetchedAt: read,
    shiftsFrom: iso(from),
    shiftsTo: iso(to),
    ...(failing ? { problem: { kind: 'network' as const, message: 'Failed.', at: iso(NOW - 60_000) } } : {}),
  });
  return deriveState(
    deriveInput({
      snapshot: snapshotOf([platform], { coverageFetchedAt: iso(NOW - 60_000), coverageRequests: [] }),
      nowMs: NOW,
      settings: settingsWith({ schedules: [{ id: 'sch_platform', name: 'Platform primary' }] }),
      localZone: ZONE,
    }),
  );
}

function surfaces(s: AppState): Record<string, string> {
  const ctx = { nowMs: NOW, localZone: ZONE, locale: 'en-GB' };
  const line = myStateLine(s, ctx);
  return {
    tray: trayLabels(buildTrayMenu(s, NOW, ZONE))[0] ?? '',
    tooltip: trayTooltip(s, NOW, ZONE).split('\n')[0] ?? '',
    popover: `${line.title} / ${line.detail}`,
    myShifts: myShiftsNote(s, ctx).empty,
    status: formatStatus(s, { nowMs: NOW, localZone: ZONE }),
  };
}

describe('no shift of mine, said as far as the read reaches (issue 49, adversarial 3, findings 3 and 4)', () => {
  it('after a fresh read of 14 days, every surface says "in the next 14 days", never "no upcoming shift"', () => {
    const said = surfaces(state(NOW - 60_000, false));
    for (const [where, text] of Object.entries(said)) {
      expect(text, where).not.toMatch(/No upcoming shift|^Off call$/m);
      expect(text, where).toMatch(/(in|nothing in) the next 14 days|nothing in 14 days/);
    }
    expect(said['tray']).toBe('No shift of yours in the next 14 days');
    expect(said['tooltip']).toBe('Off call · No shift of yours in the next 14 days');
  });

  it('from saved data known for 9 more days: "until at least" its end on every surface, never "14 days"', () => {
    const said = surfaces(state(NOW - 5 * DAY, true));
    for (const [where, text] of Object.entries(said)) {
      expect(text, where).not.toMatch(/14 days/);
      if (where !== 'status') expect(text, where).toMatch(/No shift of yours until at least 12 Mar, 14:05/);
    }
    expect(said['status']).toMatch(/Your next shift: none until at least 12 Mar, 14:05/);
  });
});
