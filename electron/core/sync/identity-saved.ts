// What saved data says of who I am (issue 47). "My e-mail names no one" is said only about schedules whose people
// are known: a pass reads some of an account's schedules (the due ones, or a failing one's read fails), so a read
// of Ops alone settles nothing about Pay (adv47 r47 #1: Pay unreadable, its saved read listing me, and "No one on
// Alpha's schedules has the e-mail …" said). A schedule this pass did not read people of counts by its saved read:
// one listing me (or the user my e-mail last resolved to) proves the e-mail; one listing its people without me
// keeps the verdict; one with no saved people leaves it unsettled.
import type { User } from '../../api/schemas';
import type { ScheduleSnapshot, Snapshot } from '../model/snapshot';

/** Every user a schedule's saved data holds: its shifts, its people, its current and next shift. */
export function savedUsersOf(s: ScheduleSnapshot): User[] {
  const d = s.details;
  const kept = (s.shiftsKept ?? []).flatMap((k) => k.shifts);
  return [
    ...[...s.shifts, ...kept].flatMap((sh) => sh.users),
    ...(d?.users ?? []),
    ...(d?.current_oncall_shift?.users ?? []),
    ...(d?.next_oncall_shift?.users ?? []),
  ];
}

/** The account's saved data and the schedules it watches, as a pass's verdict about me reads them. */
export interface SavedPeople {
  snapshot: Pick<Snapshot, 'schedules'>;
  scheduleIds: readonly string[];
}

/** Whether the saved reads of the schedules `unread` (their people not read now) still name no one as me: each was
 *  saved with its people, and none of them is my e-mail (`mine`, lower case) or the user it last resolved to. */
export function savedNamesNoOne(
  saved: SavedPeople,
  unread: readonly string[],
  mine: string,
  rememberedId: string | null,
): boolean {
  const entries = unread.map((id) => saved.snapshot.schedules.find((s) => s.id === id));
  const isMe = (u: User): boolean => u.email.toLowerCase() === mine || u.id === rememberedId;
  return entries.every((s) => s?.details?.users !== undefined && !savedUsersOf(s).some(isMe));
}
