// Who I am at the service (issue 47, adv47 r25 #1). Every statement finds me by the e-mail in Settings, but the
// service may move my user to another address (a domain move) with the same id, name and shifts. A read where my
// e-mail matches nobody while the user it last resolved to is still there does not show my shifts removed: it
// shows who I am unsettled. So for such a read that user keeps my configured e-mail in what the app holds (every
// statement, notice, alarm and .ics stays as the shifts are), and the session says the mismatch as a problem.
// A fresh match of my e-mail wins, and its user is what is remembered, but for one (adv52 r45): my e-mail now names
// another user while the one it last resolved to is still listed (the service moved me and gave my address to a
// colleague). The match is a claim against the signed record: I stay that user, held as moved, and the colleague
// is held under no address, so nothing takes their shifts for mine; the session says both.
import type { CoverageRequest, Schedule, Shift, User } from '../../api/schemas';
import { ok } from '../../api/errors';
import type { ScheduleSnapshot, Snapshot } from '../model/snapshot';
import { keepIfSame } from './apply';
import type { FetchPass, ScheduleFetch } from './fetch';
import { savedNamesNoOne, type SavedPeople } from './identity-saved';
// Where the notices' ids are made and read: shared, so the popover reads the same rule.
export { fixedAtEmail, identityNoticeIds } from '../../shared/identity-notices';

export type IdentityRead =
  /** My e-mail names this user in the read. */
  | { kind: 'matched'; userId: string; email: string }
  /** My e-mail names nobody, or (`given`) another user; the user it last resolved to is there under `serviceEmail`. */
  | { kind: 'moved'; userId: string; serviceEmail: string; given?: { to: User; mine: string } }
  /** Every watched schedule's people are known (read now, or saved: identity-saved.ts) and neither my e-mail nor
   *  that user is among them, nor on any shift or request read: my e-mail names no one at this service (a typo, or
   *  my user gone), so my shifts are unknown. */
  | { kind: 'absent'; email: string }
  /** Neither is in the read (nothing read, or neither listed): the read settles nothing about me. */
  | { kind: 'unsettled' };

/** Every user this pass read: shifts, each schedule's users and its now/next, the coverage requests' requesters. */
function usersRead(pass: FetchPass): User[] {
  const out: User[] = [];
  for (const f of pass.schedules) {
    if (f.shifts?.result.ok) for (const s of f.shifts.result.value.shifts) out.push(...s.users);
    if (!f.details.ok) continue;
    const d = f.details.value;
    out.push(...(d.users ?? []), ...(d.current_oncall_shift?.users ?? []), ...(d.next_oncall_shift?.users ?? []));
  }
  if (pass.coverage?.result.ok) out.push(...pass.coverage.result.value.requests.map((r) => r.user));
  return out;
}

/** What this pass says of me: `email` is the configured one, `rememberedId` the user it last resolved to (`vouched`:
 *  by a signed record or this run's read), `saved` the account's saved data and watched schedules (what is known of
 *  the people of those this pass did not read). */
export function identityOfPass(
  pass: FetchPass,
  email: string,
  rememberedId: string | null,
  saved: SavedPeople,
  vouched = true,
): IdentityRead {
  const mine = email.trim().toLowerCase();
  const users = usersRead(pass);
  const known = rememberedId === null ? undefined : users.find((u) => u.id === rememberedId);
  const hasMine = (u: User) => mine !== '' && u.email.toLowerCase() === mine;
  const matched = known && hasMine(known) ? known : users.find(hasMine);
  // The remembered user beats a fresh match only on a record the app's key vouches for: an unsigned one (no keychain)
  // can't be told from a file copied or typed in (adv52 r62 #1).
  if (matched && (!known || matched.id === known.id || !vouched))
    return { kind: 'matched', userId: matched.id, email: matched.email };
  if (known) {
    const given = matched ? { given: { to: matched, mine: known.name } } : {};
    return { kind: 'moved', userId: known.id, serviceEmail: known.email, ...given };
  }
  // "No one is me" only where every watched schedule's people are known: read now, or saved (identity-saved.ts).
  const listed = new Set(pass.schedules.flatMap((f) => (f.details.ok && f.details.value.users ? [f.id] : [])));
  const ids = [...new Set([...saved.scheduleIds, ...pass.schedules.map((f) => f.id)])];
  const unread = ids.filter((id) => !listed.has(id));
  return mine !== '' && listed.size > 0 && savedNamesNoOne(saved, unread, mine, rememberedId)
    ? { kind: 'absent', email: email.trim() }
    : { kind: 'unsettled' };
}

type Swap = (users: User[]) => User[];

/** User `userId` under `email`; user `otherId` (who the service gave my address to) under none. */
function swapper(userId: string, email: string, otherId?: string): Swap {
  const want = (u: User) => (u.id === userId ? email : u.id === otherId ? '' : u.email);
  return (users) =>
    users.some((u) => u.email !== want(u))
      ? users.map((u) => (u.email === want(u) ? u : { ...u, email: want(u) }))
      : users;
}

const shiftsWith = (shifts: Shift[], swap: Swap): Shift[] =>
  shifts.map((s) => {
    const users = swap(s.users);
    return users === s.users ? s : { ...s, users };
  });

function shiftOrNot<T extends Shift | null | undefined>(s: T, swap: Swap): T | Shift {
  return s ? { ...s, users: swap(s.users) } : s;
}

function detailsWith(d: Schedule, swap: Swap): Schedule {
  return {
    ...d,
    users: d.users && swap(d.users),
    current_oncall_shift: shiftOrNot(d.current_oncall_shift, swap),
    next_oncall_shift: shiftOrNot(d.next_oncall_shift, swap),
  };
}

const requestsWith = (requests: CoverageRequest[], swap: Swap): CoverageRequest[] =>
  requests.map((r) => ({ ...r, user: swap([r.user])[0] ?? r.user }));

function scheduleWith(entry: ScheduleSnapshot, swap: Swap): ScheduleSnapshot {
  const kept = entry.shiftsKept?.map((k) => ({ ...k, shifts: shiftsWith(k.shifts, swap) }));
  return {
    ...entry,
    details: keepIfSame(entry.details, entry.details && detailsWith(entry.details, swap)),
    shifts: keepIfSame(entry.shifts, shiftsWith(entry.shifts, swap)),
    ...(kept ? { shiftsKept: keepIfSame(entry.shiftsKept ?? null, kept) ?? kept } : {}),
  };
}

/** The snapshot with user `userId` under `email` everywhere it is held (unchanged parts keep their identity, so
 *  nothing keyed on them sees a change). */
export function withMyEmail(snapshot: Snapshot, userId: string, email: string, otherId?: string): Snapshot {
  const swap = swapper(userId, email, otherId);
  return {
    ...snapshot,
    schedules: snapshot.schedules.map((s) => scheduleWith(s, swap)),
    coverageRequests: keepIfSame(snapshot.coverageRequests, requestsWith(snapshot.coverageRequests, swap)),
  };
}

function fetchWith(f: ScheduleFetch, swap: Swap): ScheduleFetch {
  const read = f.shifts;
  const shifts = read?.result.ok
    ? { ...read, result: ok({ ...read.result.value, shifts: shiftsWith(read.result.value.shifts, swap) }) }
    : read;
  const details = f.details.ok ? ok(detailsWith(f.details.value, swap)) : f.details;
  return { ...f, details, ...(shifts ? { shifts } : {}) };
}

/** The pass with user `userId` under `email`: what a read with my user moved says, as the app holds me. */
export function passWithMyEmail(pass: FetchPass, userId: string, email: string, otherId?: string): FetchPass {
  const swap = swapper(userId, email, otherId);
  const c = pass.coverage;
  const coverage = c?.result.ok
    ? { ...c, result: ok({ ...c.result.value, requests: requestsWith(c.result.value.requests, swap) }) }
    : c;
  return { ...pass, schedules: pass.schedules.map((f) => fetchWith(f, swap)), ...(coverage ? { coverage } : {}) };
}

/** The address the app holds me under after this read: the one read when my e-mail matched (saved shifts follow
 *  it), the configured one while my user is listed under another. */
export const heldAs = (me: IdentityRead, configured: string): string | undefined =>
  me.kind === 'matched' ? me.email : me.kind === 'moved' ? configured.trim() : undefined;

/** Every user saved data holds: shifts, each schedule's people and its current shift, the requests' requesters. */
export function snapshotUsers(snapshot: Pick<Snapshot, 'schedules' | 'coverageRequests'>): User[] {
  const out: User[] = snapshot.coverageRequests.map((r) => r.user);
  for (const s of snapshot.schedules) {
    for (const sh of s.shifts) out.push(...sh.users);
    out.push(...(s.details?.users ?? []), ...(s.details?.current_oncall_shift?.users ?? []));
  }
  return out;
}

/** The saved data after my e-mail changed in Settings: held under the new one when nobody saved has it and the user
 *  last resolved to is there (the service moved me; Settings now follow), else as saved. */
export function heldAfterEmailChange(snapshot: Snapshot, rememberedId: string, email: string): Snapshot {
  const users = snapshotUsers(snapshot);
  const mine = email.trim().toLowerCase();
  if (mine === '' || users.some((u) => u.email.toLowerCase() === mine)) return snapshot;
  return users.some((u) => u.id === rememberedId) ? withMyEmail(snapshot, rememberedId, email.trim()) : snapshot;
}

/** The e-mail my saved data names no one under, said at start before any read (adv47 r29 #2: a restart during an
 *  outage dropped the verdict, and the saved data was worded as "no shift of yours"): every watched schedule saved
 *  lists its people and neither my e-mail nor the user it last resolved to is among them, on a shift or a request.
 *  Undefined otherwise: who I am is then for a read to settle, as before. */
export function absentInSaved(
  snapshot: Snapshot,
  scheduleIds: readonly string[],
  email: string,
  rememberedId: string | null,
): string | undefined {
  const mine = email.trim().toLowerCase();
  const saved = scheduleIds.map((id) => snapshot.schedules.find((s) => s.id === id));
  if (mine === '' || saved.length === 0 || saved.some((s) => s?.details?.users === undefined)) return undefined;
  const next = snapshot.schedules.flatMap((s) => s.details?.next_oncall_shift?.users ?? []);
  const users = [...snapshotUsers(snapshot), ...next];
  return users.some((u) => u.email.toLowerCase() === mine || u.id === rememberedId) ? undefined : email.trim();
}
