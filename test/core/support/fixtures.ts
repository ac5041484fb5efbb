// Builders for snapshots and shifts as plain data, so core tests read as scenarios.
import type { CoverageRequest, Schedule, Shift, User } from '../../../electron/api/schemas';
import { defaultServiceSettings, type ServiceSettings } from '../../../electron/shared/settings';
import type { AccountSetup } from '../../../electron/shared/view-state';
import type { DeriveInput } from '../../../electron/core/state/derive';
import { emptySnapshot, type ScheduleSnapshot, type Snapshot } from '../../../electron/core/model/snapshot';
import { ms } from '../../support/time';
export { ms };

export function user(name: string, email = `${name.toLowerCase()}@example.com`): User {
  return { id: `usr_${name.toLowerCase()}`, name, email, role: 'standard', seat: 'member', chat_id: `U${name}` };
}

export const alice = user('Alice');
export const bob = user('Bob');
export const carol = user('Carol');
export const me = user('Me', 'me@example.com');

export function shift(start: string, end: string, ...users: User[]): Shift {
  return { start, end, users };
}

export function details(name: string, zone: string, users: User[], extra: Partial<Schedule> = {}): Schedule {
  return {
    name,
    description: '',
    time_zone: zone,
    layers: [],
    current_revision: 1,
    current_revision_valid_from: '2026-01-01T00:00:00Z',
    users,
    teams: [],
    ...extra,
  };
}

export function scheduleSnap(id: string, shifts: Shift[], opts: Partial<ScheduleSnapshot> = {}): ScheduleSnapshot {
  return {
    id,
    details: null,
    detailsFetchedAt: null,
    shifts,
    shiftsFrom: shifts[0]?.start ?? null,
    shiftsTo: shifts[shifts.length - 1]?.end ?? null,
    shiftsFetchedAt: null,
    shiftHoles: [],
    problem: null,
    notFound: false,
    ...opts,
  };
}

export function snapshotOf(schedules: ScheduleSnapshot[], extra: Partial<Snapshot> = {}): Snapshot {
  return { ...emptySnapshot(), schedules, ...extra };
}

export function settingsWith(patch: Partial<ServiceSettings>): ServiceSettings {
  return { ...defaultServiceSettings(), baseUrl: 'https://oncall.example.com', email: me.email, ...patch };
}

export const SETUP_OK: AccountSetup = { hasKey: true, keyStorage: 'keychain', demo: false };

/** What deriveState gets when nothing else is going on: the key set up, not syncing, no notices. */
export function deriveInput(
  input: Pick<DeriveInput, 'snapshot' | 'nowMs' | 'settings'> & Partial<DeriveInput>,
): DeriveInput {
  return { setup: SETUP_OK, syncing: false, notices: [], ...input };
}

/** "Platform primary" (Berlin) on Mon 2 March 2026: Alice 08:00–16:00Z, then me until 08:00Z the next day. */
export function platformMonday(fetchedAt: string): ScheduleSnapshot {
  return scheduleSnap(
    'sch_platform',
    [
      shift('2026-03-02T08:00:00Z', '2026-03-02T16:00:00Z', alice),
      shift('2026-03-02T16:00:00Z', '2026-03-03T08:00:00Z', me),
    ],
    {
      details: details('Platform primary', 'Europe/Berlin', [alice, me]),
      detailsFetchedAt: fetchedAt,
      shiftsFetchedAt: fetchedAt,
    },
  );
}

export function coverage(
  id: string,
  requester: User,
  shifts: { start: string; end: string; scheduleId: string; scheduleName?: string }[],
  status = 'pending',
): CoverageRequest {
  return {
    id,
    user: requester,
    reason: 'holiday',
    status,
    shifts: shifts.map((s) => ({
      start: s.start,
      end: s.end,
      schedule_reference: { id: s.scheduleId, name: s.scheduleName ?? s.scheduleId },
    })),
  };
}
