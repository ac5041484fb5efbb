// People's display names come from the newest read that names them, by user id (issue 47, adv47 r24 #3). A person
// renamed at the service moves no revision, so the saved shifts (re-read only every ~2 h then) kept the old name and
// every surface stated it beside "fresh" while the latest read named them anew. A name is who the person is, not
// who is on call when: renaming the saved data by id leaves each statement's basis (when its shifts were read) as it
// was, and a rename seen by any read of a pass shows on every surface at once.
import type { Shift, User } from '../../api/schemas';
import type { ScheduleSnapshot, Snapshot } from '../model/snapshot';
import type { FetchPass } from './fetch';

type Names = ReadonlyMap<string, string>;

/** The names this pass read, by user id: each schedule's details (its users, who is on call now and next) and the
 *  shifts it read; the newest read wins where two disagree. */
export function namesRead(pass: FetchPass): Names {
  const names = new Map<string, { name: string; atMs: number }>();
  const note = (users: readonly User[] | null | undefined, atMs: number): void => {
    for (const u of users ?? []) {
      const had = names.get(u.id);
      if (!had || had.atMs <= atMs) names.set(u.id, { name: u.name, atMs });
    }
  };
  for (const f of pass.schedules) {
    if (f.shifts?.result.ok) for (const s of f.shifts.result.value.shifts) note(s.users, f.atMs);
    if (!f.details.ok) continue;
    const d = f.details.value;
    note(d.users, f.atMs);
    note(d.current_oncall_shift?.users, f.atMs);
    note(d.next_oncall_shift?.users, f.atMs);
  }
  return new Map([...names].map(([id, v]) => [id, v.name]));
}

/** The users with the names read (the same array when none differs, so nothing keyed on it sees a change). */
function renamedUsers(users: User[], names: Names): User[] {
  if (!users.some((u) => names.has(u.id) && names.get(u.id) !== u.name)) return users;
  return users.map((u) => ({ ...u, name: names.get(u.id) ?? u.name }));
}

function renamedShifts(shifts: Shift[], names: Names): Shift[] {
  const out = shifts.map((s) => {
    const users = renamedUsers(s.users, names);
    return users === s.users ? s : { ...s, users };
  });
  return out.every((s, i) => s === shifts[i]) ? shifts : out;
}

function renamedSchedule(entry: ScheduleSnapshot, names: Names): ScheduleSnapshot {
  const shifts = renamedShifts(entry.shifts, names);
  const keptBefore = entry.shiftsKept;
  const kept = keptBefore?.map((k) => {
    const s = renamedShifts(k.shifts, names);
    return s === k.shifts ? k : { ...k, shifts: s };
  });
  const keptSame = !kept || kept.every((k, i) => k === keptBefore?.[i]);
  if (shifts === entry.shifts && keptSame) return entry;
  return { ...entry, shifts, ...(kept && !keptSame ? { shiftsKept: kept } : {}) };
}

/** The snapshot with every saved shift (read or kept, on every schedule) naming people as this pass read them. */
export function withNamesRead(snapshot: Snapshot, pass: FetchPass): Snapshot {
  const names = namesRead(pass);
  if (names.size === 0) return snapshot;
  const schedules = snapshot.schedules.map((s) => renamedSchedule(s, names));
  return schedules.every((s, i) => s === snapshot.schedules[i]) ? snapshot : { ...snapshot, schedules };
}
