// What the saved schedule data (cache.json) must agree with before it is shown as "saved data from …" or used for
// "Hand back" (issue 52): every time in it one the app could have written by now. A schedule with a time still to
// come is dropped (it is read again, and shown as loading meanwhile, not as saved data from the future); an override
// the app made, with a time that can't be true, is dropped, so nothing is written back from it.
import { SnapshotSchema, type CreatedOverride, type Snapshot, type ScheduleSnapshot } from '../model/snapshot';
import { FIELD_LIMITS } from '../../shared/limits';
import { plausibleInstant, type Sorted } from './read-back';
import { maskKnownSecrets } from './redact-secrets';
import { overrideTimesHold, SHIFT_TIME, shiftTimesHold } from './cache-shift-times';

const FUTURE = "a time that can't be true";
/** Dropped, not read again: the one reason after which nothing of it is fetched. */
export const UNWATCHED = 'a schedule not watched now';

/** Each time (ISO) is one the app could have written by `nowMs` (a minute of clock skew allowed). */
const written = (times: readonly (string | null | undefined)[], nowMs: number): boolean =>
  times.every((t) => t === null || t === undefined || plausibleInstant(t, nowMs + 60_000) !== undefined);

function scheduleTimes(s: ScheduleSnapshot): (string | null | undefined)[] {
  return [
    s.detailsFetchedAt,
    s.shiftsFetchedAt,
    s.shiftsReadAt,
    s.problem?.at,
    ...(s.shiftsKept ?? []).map((k) => k.readAt),
  ];
}

/** The snapshot with what fails dropped, and why, per dropped entry (the app's words). With `watched` (the
 *  schedules watched now), a schedule not among them is dropped too, and so is one whose shifts name someone the
 *  schedule's own people don't list (it is read again): neither is shown as saved data. */
export function checkedSnapshot(
  snapshot: Snapshot,
  nowMs: number,
  watched?: readonly string[],
): { snapshot: Snapshot; dropped: string[] } {
  const texts = checkedTexts(snapshot);
  const claims = watched === undefined ? texts : checkedClaims(texts.snapshot, watched);
  const times = checkedTimes(claims.snapshot, nowMs);
  const fromClaims = watched === undefined ? [] : claims.dropped;
  return { snapshot: times.snapshot, dropped: [...texts.dropped, ...fromClaims, ...times.dropped] };
}

/** Every shift in the schedule's data names one of its people (by id and e-mail), when it lists them. */
function namesItsPeople(s: ScheduleSnapshot): boolean {
  const users = s.details?.users;
  if (!users) return true;
  const listed = new Set(users.map((u) => `${u.id}|${u.email.toLowerCase()}`));
  const shifts = [
    ...s.shifts,
    ...(s.shiftsKept ?? []).flatMap((k) => k.shifts),
    ...[s.details?.current_oncall_shift, s.details?.next_oncall_shift].flatMap((x) => (x ? [x] : [])),
  ];
  return shifts.every((sh) => sh.users.every((u) => listed.has(`${u.id}|${u.email.toLowerCase()}`)));
}

function checkedClaims(snapshot: Snapshot, watched: readonly string[]): { snapshot: Snapshot; dropped: string[] } {
  const dropped: string[] = [];
  const schedules = snapshot.schedules.filter((s) => {
    const why = !watched.includes(s.id)
      ? UNWATCHED
      : namesItsPeople(s)
        ? undefined
        : 'a shift naming someone the schedule does not list';
    if (why !== undefined) dropped.push(why);
    return why === undefined;
  });
  // The app's own overrides on a schedule not watched any more are let go with it (Hand back can't reach them).
  const ours = snapshot.createdOverrides.filter((o) => watched.includes(o.scheduleId));
  const createdOverrides = ours.flatMap((o) => {
    const people = replacedAsListed(
      o,
      schedules.find((s) => s.id === o.scheduleId),
    );
    if (people === undefined) dropped.push(NOT_LISTED);
    return people === undefined ? [] : [people];
  });
  const coverageRequests = snapshot.coverageRequests.flatMap((c) => {
    const known = requestAsKnown(c, schedules);
    if (known === undefined) dropped.push(REQUEST);
    return known === undefined ? [] : [known];
  });
  if (dropped.length === 0 && createdOverrides.length === snapshot.createdOverrides.length)
    return { snapshot: { ...snapshot, coverageRequests }, dropped };
  return { snapshot: { ...snapshot, schedules, createdOverrides, coverageRequests }, dropped };
}

const NOT_LISTED = 'an override naming someone the schedule does not list';

/** The record with the people it replaced named as the schedule lists them (by id and e-mail; the name is the
 *  schedule's, not the file's), or undefined when one of them isn't listed (or the schedule's people are unknown):
 *  "Hand back" would give my shift to whoever the file names. */
function replacedAsListed(o: CreatedOverride, s: ScheduleSnapshot | undefined): CreatedOverride | undefined {
  if (o.replaced === undefined || o.replaced.length === 0) return o;
  const users = s?.details?.users;
  if (!users) return undefined;
  const key = (p: { id: string; email: string }) => `${p.id}|${p.email.toLowerCase()}`;
  const listed = new Map(users.map((u) => [key(u), u]));
  const replaced = o.replaced.map((p) => listed.get(key(p)));
  if (replaced.some((p) => p === undefined)) return undefined;
  return { ...o, replaced: replaced.flatMap((p) => (p ? [{ id: p.id, name: p.name, email: p.email }] : [])) };
}

/** Every own-override record read back marked as not yet confirmed by the service, whatever the file says. */
export function unconfirmedOwn(snapshot: Snapshot): Snapshot {
  const createdOverrides = snapshot.createdOverrides.map((o) => ({ ...o, unconfirmed: true as const }));
  // Writes that may still land are kept across a restart too (adv48 r16 #1: an away item applied late was told as
  // someone else's change), as claims: one explains a change only once a read shows its window (own-overrides.ts).
  const mayLand = (snapshot.mayLand ?? []).map((o) => ({ ...o, unconfirmed: true as const }));
  const { mayLand: _claims, ...rest } = snapshot;
  return { ...rest, createdOverrides, ...(mayLand.length > 0 ? { mayLand } : {}), coverageSaved: true };
}

const REQUEST = 'a coverage request from someone its schedule does not list';

/** A saved request as the app knows it: on each watched schedule whose people are known, the requester must be one
 *  of them (by id and e-mail), and the names shown are the schedule's own (its name, the person's); else undefined.
 *  A shift on a schedule not watched is left as it is (never shown or announced: state/coverage.ts). */
function requestAsKnown(
  c: Snapshot['coverageRequests'][number],
  schedules: readonly ScheduleSnapshot[],
): Snapshot['coverageRequests'][number] | undefined {
  const key = (p: { id: string; email: string }) => `${p.id}|${p.email.toLowerCase()}`;
  let name = c.user.name;
  const shifts = [];
  for (const shift of c.shifts) {
    const details = schedules.find((x) => x.id === shift.schedule_reference.id)?.details;
    if (!details?.users) {
      shifts.push(shift);
      continue;
    }
    const user = details.users.find((u) => key(u) === key(c.user));
    if (!user) return undefined;
    name = user.name;
    shifts.push({
      ...shift,
      schedule_reference: { id: shift.schedule_reference.id, name: details.name ?? shift.schedule_reference.name },
    });
  }
  return { ...c, user: { ...c.user, name }, shifts };
}

function checkedTimes(snapshot: Snapshot, nowMs: number): { snapshot: Snapshot; dropped: string[] } {
  const dropped: string[] = [];
  const keep = <E>(sorted: Sorted<E>): E[] => (dropped.push(...sorted.dropped), sorted.kept);
  const check = <E>(list: readonly E[], ok: (e: E) => boolean): E[] =>
    keep({ kept: list.filter(ok), dropped: list.filter((e) => !ok(e)).map(() => FUTURE) });
  const schedules = check(snapshot.schedules, (s) => written(scheduleTimes(s), nowMs)).filter((s) => {
    // Its shifts' own times (cache-shift-times.ts): one that fails drops the schedule, read again (unknown till then).
    const holds = shiftTimesHold(s, nowMs);
    if (!holds) dropped.push(SHIFT_TIME);
    return holds;
  });
  const createdOverrides = check(snapshot.createdOverrides, (o) => {
    const startMs = plausibleInstant(o.start, Number.MAX_SAFE_INTEGER);
    const endMs = plausibleInstant(o.end, Number.MAX_SAFE_INTEGER);
    return (
      written([o.createdAt, o.handedBackAt], nowMs) &&
      startMs !== undefined &&
      endMs !== undefined &&
      startMs < endMs &&
      overrideTimesHold(o)
    );
  });
  const coverageOk = written([snapshot.coverageFetchedAt, snapshot.coverageProblem?.at], nowMs);
  if (!coverageOk) dropped.push(FUTURE);
  const coverage = coverageOk
    ? {}
    : { coverageRequests: [], coverageFetchedAt: null, coverageProblem: null, coverageIssues: [] };
  if (dropped.length === 0) return { snapshot, dropped };
  return { snapshot: { ...snapshot, schedules, createdOverrides, ...coverage }, dropped };
}

const TEXT = 'a text too long or with characters that are not shown (cut short)';
const SECRET = 'a key or token in a saved text (removed)';
const ADDRESS = "a person's e-mail address that can't be true";
/** Longest name read back from the cache: the settings' own bound for schedule names, for people and teams too. */
const MAX_NAME = FIELD_LIMITS.scheduleName;
const MAX_TEXT = FIELD_LIMITS.teamDescription;
/** Line breaks, C0/C1 controls, and bidi overrides and isolates (a name that reorders what follows it). */
const UNSHOWN = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069\uFEFF]/g;

/** Text as it may be shown from a file: one paragraph of printable characters, at most `max` of them. */
export function boundedText(text: string, max: number): string {
  const clean = text.replace(UNSHOWN, '');
  const chars = [...clean];
  return chars.length <= max ? clean : `${chars.slice(0, max - 1).join('')}…`;
}

/** An e-mail address the service can have sent: the app matches me by it, so one that isn't is never cleaned into
 *  another (it could become mine) but dropped with what holds it. None at all is what the app itself saves for a
 *  colleague the service gave my address to (sync/identity.ts; adv52 r47 #2): it matches no one, mine never being
 *  empty where it is matched. */
function plausibleEmail(email: string): boolean {
  if (email === '') return true;
  return email.length <= FIELD_LIMITS.email && email.includes('@') && email.replace(UNSHOWN, '') === email;
}

/** Every `name` / `description` / `message` string in `value`, bounded (boundedText), and a `reason` too, with any
 *  secret the app holds masked; counts what changed and whether an `email` can't be true. */
function cleanTexts(value: unknown, found: { changed: number; secrets: number; badEmail: boolean }): unknown {
  if (Array.isArray(value)) return value.map((v) => cleanTexts(v, found));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (typeof v !== 'string') out[key] = cleanTexts(v, found);
    else if (key === 'email') {
      if (!plausibleEmail(v)) found.badEmail = true;
      out[key] = v;
    } else if (key === 'name' || key === 'description' || key === 'message' || key === 'reason') {
      // A request's reason may span lines as the service sent it (shown as such): only a secret is taken out.
      const bounded = key === 'reason' ? v : boundedText(v, key === 'name' ? MAX_NAME : MAX_TEXT);
      if (bounded !== v) found.changed++;
      // A key or token the app holds, in a text the service sent or a file claims, is never shown (nor kept).
      const masked = maskKnownSecrets(bounded);
      if (masked !== bounded) found.secrets++;
      out[key] = masked;
    } else out[key] = v;
  }
  return out;
}

/** The snapshot's texts bounded (names, descriptions) and any schedule or request holding an address that can't be
 *  true dropped (it is read again); `dropped` has one reason per text cut short or entry dropped. */
export function checkedTexts(snapshot: Snapshot): { snapshot: Snapshot; dropped: string[] } {
  const dropped: string[] = [];
  const clean = (entry: unknown): unknown[] => {
    const found = { changed: 0, secrets: 0, badEmail: false };
    const cleaned = cleanTexts(entry, found);
    if (found.badEmail) return (dropped.push(ADDRESS), []);
    for (let i = 0; i < found.changed; i++) dropped.push(TEXT);
    for (let i = 0; i < found.secrets; i++) dropped.push(SECRET);
    return [cleaned];
  };
  if (!JSON.stringify(snapshot).match(/"(?:name|description|message|reason|email)":/)) return { snapshot, dropped };
  const next = SnapshotSchema.safeParse({
    ...snapshot,
    schedules: snapshot.schedules.flatMap(clean),
    createdOverrides: snapshot.createdOverrides.flatMap(clean),
    coverageRequests: snapshot.coverageRequests.flatMap(clean),
  });
  // Cleaning keeps every shape (strings stay strings), so the parse holds; were it not to, nothing of it is used.
  if (!next.success) return { snapshot: { ...snapshot, schedules: [], createdOverrides: [] }, dropped: [TEXT] };
  return dropped.length === 0 ? { snapshot, dropped } : { snapshot: next.data, dropped };
}
