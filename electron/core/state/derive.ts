// The one truth every surface shows, as a pure function of (snapshot, now, settings). "Now" and "next" come from
// the cached horizon of shifts, not from the schedule's current_oncall_shift (which is only true at fetch time),
// so while offline they keep advancing along the cached shifts.
import { formatDayTime } from '../../shared/format';
import type { Schedule, Shift } from '../../api/schemas';
import { settingsOfService, type ServiceSettings } from '../../shared/settings';
import { displayAddress } from '../../shared/accounts';
import { DAY_MS } from '../../shared/time';
import { hasData, savedAt } from '../../shared/freshness';
import type {
  AccountSetup,
  AccountView,
  AppState,
  Basis,
  KnownRange,
  MyShift,
  Person,
  ScheduleView,
  ShiftView,
  TimeSpan,
} from '../../shared/view-state';
import { isoOf, myBlocksOf, segmentsOf, toPerson } from '../model/segments';
import { assertNever } from '../../shared/basis';
import { stretchAt, timelineBasis, timelineOf, type KnownTimeline, type Stretch } from '../model/timeline';
import { coverageLists, coverageStatus } from './coverage';
import { takeOverOptions } from './take-over';
import { knownRangeOf, myGaps } from './knowledge';
import { myLoad } from './load';
import { readinessOf, type NotificationHealthResult } from '../readiness/readiness';
import { nextStartShift } from '../../shared/on-call-run';
import { oldestSuccess, scheduleStatus, staleAfterMs, syncStatus } from './status';
import type { ScheduleSnapshot, Snapshot } from '../model/snapshot';

export interface DeriveInput {
  snapshot: Snapshot;
  nowMs: number;
  settings: ServiceSettings;
  setup: AccountSetup;
  syncing: boolean;
  notices: AppState['notices'];
  /** This computer's zone: months, nights and weekends of my on-call load (every time in the state is ISO). */
  localZone?: string;
  /** True until the first sync of this session succeeded: cached data is then shown as stale. */
  servedFromCache?: boolean;
  /** What the platform last said about showing notifications (readiness before my next shift). */
  notificationHealth?: NotificationHealthResult;
  /** Until when the service asked to wait (Retry-After), while it lasts: the status says until when. */
  serviceWaitUntilMs?: number;
}

const NO_SHIFTS: readonly Shift[] = [];

/** Whether two bases say the same (a kept shift is reused only while what its end rests on is unchanged). */
function sameBasis(a: Basis, b: Basis): boolean {
  switch (a.kind) {
    case 'fresh':
      return b.kind === 'fresh' && a.readAt === b.readAt;
    case 'saved':
      return b.kind === 'saved' && a.savedAt === b.savedAt;
    case 'unknown':
      return b.kind === 'unknown' && a.why === b.why;
    default:
      return assertNever(a);
  }
}

/** A block of mine with its instants written out on first use (most blocks are never shown: past, or far ahead). */
class TimedBlock {
  #start: string | undefined;
  #end: string | undefined;
  constructor(
    readonly startMs: number,
    readonly endMs: number,
  ) {}
  get start(): string {
    return (this.#start ??= isoOf(this.startMs));
  }
  get end(): string {
    return (this.#end ??= isoOf(this.endMs));
  }
  #shift: MyShift | undefined;
  /** This block as My shifts lists it on a schedule, made once (every tick until the next read lists the same). */
  shiftOn(view: Pick<ScheduleView, 'accountId' | 'id' | 'name'>, endBasis: Basis, basis: Basis): MyShift {
    const s = this.#shift;
    if (
      s &&
      s.accountId === view.accountId &&
      s.scheduleId === view.id &&
      s.scheduleName === view.name &&
      sameBasis(s.endBasis, endBasis) &&
      sameBasis(s.basis, basis)
    )
      return s;
    const shift = {
      accountId: view.accountId,
      scheduleId: view.id,
      scheduleName: view.name,
      start: this.start,
      end: this.end,
      endBasis,
      basis,
    };
    this.#shift = shift;
    return shift;
  }
}

/** My blocks in a shifts array, computed once per array (and e-mail): every later tick only filters them. */
const blocksMemo = new WeakMap<readonly Shift[], { emailLower: string; blocks: TimedBlock[] }>();

function myTimedBlocks(shifts: readonly Shift[], emailLower: string): TimedBlock[] {
  const hit = blocksMemo.get(shifts);
  if (hit && hit.emailLower === emailLower) return hit.blocks;
  const blocks = myBlocksOf(segmentsOf(shifts), emailLower).map((b) => new TimedBlock(b.startMs, b.endMs));
  blocksMemo.set(shifts, { emailLower, blocks });
  return blocks;
}

const stretchViews = new WeakMap<Stretch, ShiftView>();

/** A stretch as the view shows it: once per stretch of a read (ticks between two handoffs show the same). */
function viewOfStretch(s: Stretch): ShiftView {
  const hit = stretchViews.get(s);
  if (hit) return hit;
  const view = { users: s.users, start: isoOf(s.startMs), end: isoOf(s.endMs) };
  stretchViews.set(s, view);
  return view;
}

// What a schedule's view copies from its details and its read, once per details object and per read: a sync
// that leaves them as they were (apply.ts keeps their identity) costs no copy.
const peopleMemo = new WeakMap<Schedule, { users: Person[]; teams: ScheduleView['teams'] }>();
const knownMemo = new WeakMap<KnownTimeline, KnownRange | null>();

function peopleOf(details: Schedule): { users: Person[]; teams: ScheduleView['teams'] } {
  const hit = peopleMemo.get(details);
  if (hit) return hit;
  const people = {
    users: details.users ? details.users.map(toPerson) : [],
    teams: details.teams.map((t) => ({ ...t, name: t.name ?? t.id ?? 'Unnamed team' })),
  };
  peopleMemo.set(details, people);
  return people;
}

/** The read's range (knownRangeOf), once per known timeline: the timeline is memoized on the same read. */
function knownOf(timeline: KnownTimeline, s: ScheduleSnapshot | undefined): KnownRange | null {
  if (!s || s.shiftsFrom === null || s.shiftsTo === null) return null;
  if (knownMemo.has(timeline)) return knownMemo.get(timeline) ?? null;
  const known = knownRangeOf(s);
  knownMemo.set(timeline, known);
  return known;
}

const spansMemo = new WeakMap<KnownTimeline, TimeSpan[]>();

/** The timeline as the view sends it (ISO instants), once per read. */
function spansOf(t: KnownTimeline): TimeSpan[] {
  const hit = spansMemo.get(t);
  if (hit) return hit;
  const spans = t.stretches.map((s): TimeSpan => {
    // Optional fields set only where present (no spread of an empty object per stretch: this runs for every read).
    const span: TimeSpan = { kind: s.kind, start: isoOf(s.startMs), end: isoOf(s.endMs), users: s.users };
    if (s.why) span.why = s.why;
    if (s.saved) span.saved = { readAt: isoOf(s.saved.readAtMs), users: s.saved.users };
    return span;
  });
  spansMemo.set(t, spans);
  return spans;
}

/** The first people after `fromMs`, past stretches where nobody is on call; none if unknown time comes first. */
function nextPeople(t: KnownTimeline, fromMs: number): Stretch | undefined {
  let at = stretchAt(t, fromMs);
  while (at.kind === 'nobody') at = stretchAt(t, at.endMs);
  return at.kind === 'people' ? at : undefined;
}

function viewOfShift(s: Shift): ShiftView {
  return { users: s.users.map(toPerson), start: isoOf(Date.parse(s.start)), end: isoOf(Date.parse(s.end)) };
}

function covers(s: Shift | null | undefined, nowMs: number): s is Shift {
  return !!s && Date.parse(s.start) <= nowMs && Date.parse(s.end) > nowMs;
}

/**
 * Now/next from the known timeline: next only when nothing unknown lies between (else "then unknown"). Where the
 * timeline doesn't know now, the details' current/next (the service's own answer) fill in, if still true at nowMs.
 */
function nowNextOf(t: KnownTimeline, details: Schedule | null, nowMs: number) {
  const at = stretchAt(t, nowMs);
  if (at.kind !== 'unknown') {
    const next = nextPeople(t, at.endMs);
    return { now: at.kind === 'people' ? viewOfStretch(at) : null, next: next ? viewOfStretch(next) : null };
  }
  const current = details?.current_oncall_shift;
  const nowView = covers(current, nowMs) ? viewOfShift(current) : null;
  const after = nowView ? Date.parse(nowView.end) : nowMs;
  const fallbackNext = details?.next_oncall_shift;
  const next = fallbackNext && Date.parse(fallbackNext.start) >= after ? viewOfShift(fallbackNext) : null;
  return { now: nowView, next };
}

function scheduleView(
  id: string,
  settingsName: string | undefined,
  s: ScheduleSnapshot | undefined,
  input: DeriveInput,
  emailLower: string,
): ScheduleView {
  const details = s?.details ?? null;
  const timeline = timelineOf(s);
  const { now, next } = nowNextOf(timeline, details, input.nowMs);
  const status = scheduleStatus(s, input.nowMs, input.settings, input.servedFromCache ?? false);
  return {
    id,
    accountId: input.settings.accountId,
    scheduleId: id,
    name: details?.name ?? settingsName ?? id,
    // Unknown until the schedule was read: no zone is made up for it.
    timeZone: details?.time_zone ?? null,
    status,
    known: knownOf(timeline, s),
    now,
    next,
    timeline: spansOf(timeline),
    meOnCall: emailLower !== '' && !!now?.users.some((u) => u.email.toLowerCase() === emailLower),
    users: details ? peopleOf(details).users : [],
    teams: details ? peopleOf(details).teams : [],
    chatUserGroup: input.snapshot.chatGroups[id] ?? null,
    takeOverOptions: takeOverOptions(input.snapshot, id, input.nowMs, input.settings.email, status),
  };
}

/** What a basis takes from its source's freshness: whether it has data, is fresh, and since when it is saved. */
function freshnessKey(status: ScheduleView['status']): string {
  if (!hasData(status)) return 'none';
  return status.kind === 'fresh' ? 'fresh' : `saved ${savedAt(status) ?? ''}`;
}

/** The end bases found per read: a block's end rests on the same read and freshness at every tick until a sync
 *  changes either, so each derivation in between looks it up (the same object) instead of reading the timeline. */
const endBases = new WeakMap<KnownTimeline, Map<number, { key: string; basis: Basis }>>();

/** What "until `endMs`" rests on: the time just after it, on the schedule's timeline (unknown: it may go on). */
function endBasisOf(view: ScheduleView, s: ScheduleSnapshot | undefined, endMs: number): Basis {
  const timeline = timelineOf(s);
  const key = freshnessKey(view.status);
  let byEnd = endBases.get(timeline);
  if (!byEnd) endBases.set(timeline, (byEnd = new Map<number, { key: string; basis: Basis }>()));
  const hit = byEnd.get(endMs);
  if (hit && hit.key === key) return hit.basis;
  const basis = timelineBasis(timeline, view.status, endMs, endMs + 1);
  byEnd.set(endMs, { key, basis });
  return basis;
}

/** What a block of mine rests on at `atMs` (its start, or now for the running one): how every surface learns that
 *  "you are on call" comes from saved data (a read that failed since: the shift may have been given away). */
function blockBasisOf(view: ScheduleView, s: ScheduleSnapshot | undefined, atMs: number): Basis {
  return timelineBasis(timelineOf(s), view.status, atMs, atMs + 1);
}

/** The earliest block of mine that starts after now, over all watched schedules. */
function myNextShift(
  views: readonly ScheduleView[],
  byId: ReadonlyMap<string, ScheduleSnapshot>,
  nowMs: number,
  emailLower: string,
): MyShift | null {
  let best: { block: TimedBlock; view: ScheduleView } | undefined;
  for (const view of views) {
    const upcoming = myTimedBlocks(byId.get(view.id)?.shifts ?? NO_SHIFTS, emailLower).find((b) => b.startMs > nowMs);
    if (upcoming && (!best || upcoming.startMs < best.block.startMs)) best = { block: upcoming, view };
  }
  if (!best) return null;
  const snap = byId.get(best.view.id);
  const { block } = best;
  return block.shiftOn(
    best.view,
    endBasisOf(best.view, snap, block.endMs),
    blockBasisOf(best.view, snap, block.startMs),
  );
}

/** Where I am on call now: until the end of my whole block, not just of the current segment. */
function myOnCallNow(
  views: readonly ScheduleView[],
  byId: ReadonlyMap<string, ScheduleSnapshot>,
  nowMs: number,
  emailLower: string,
): MyShift[] {
  const result: MyShift[] = [];
  for (const view of views) {
    if (!view.meOnCall || !view.now) continue;
    const block = myTimedBlocks(byId.get(view.id)?.shifts ?? NO_SHIFTS, emailLower).find(
      (b) => b.startMs <= nowMs && b.endMs > nowMs,
    );
    const snap = byId.get(view.id);
    if (block) result.push(block.shiftOn(view, endBasisOf(view, snap, block.endMs), blockBasisOf(view, snap, nowMs)));
    else {
      const { start, end } = view.now;
      const endBasis = endBasisOf(view, snap, Date.parse(end));
      const basis = blockBasisOf(view, snap, nowMs);
      result.push({
        accountId: view.accountId,
        scheduleId: view.id,
        scheduleName: view.name,
        start,
        end,
        endBasis,
        basis,
      });
    }
  }
  return result;
}

/**
 * My blocks from now to the horizon over all watched schedules, and past it those carrying on back to back (each merged per schedule, the running one with its
 * true start), sorted by start, then by the user's schedule order.
 */
function myShifts(
  views: readonly ScheduleView[],
  byId: ReadonlyMap<string, ScheduleSnapshot>,
  nowMs: number,
  emailLower: string,
  horizonDays: number,
): MyShift[] {
  const untilMs = nowMs + horizonDays * DAY_MS;
  // Each schedule's blocks are sorted and disjoint, so those from now on are one run of them: the runs are merged
  // by start (ties in the user's schedule order), with no list of all blocks to sort at every tick.
  const runs = views.map((view) => {
    const blocks = myTimedBlocks(byId.get(view.id)?.shifts ?? NO_SHIFTS, emailLower);
    let from = 0;
    while (from < blocks.length && (blocks[from]?.endMs ?? Infinity) <= nowMs) from++;
    const readToMs = view.known ? Date.parse(view.known.to) : Infinity;
    return { view, blocks, at: from, readToMs };
  });
  const result: MyShift[] = [];
  // Up to the horizon, and past it while a block carries on back to back what came before (read so far): the end
  // of my on-call time is never the horizon's edge when the shifts read show me on call beyond it.
  let reachMs = -Infinity;
  for (;;) {
    let first: (typeof runs)[number] | undefined;
    for (const r of runs) {
      const startMs = r.blocks[r.at]?.startMs ?? Infinity;
      if (startMs < (first?.blocks[first.at]?.startMs ?? Infinity)) first = r;
    }
    const block = first?.blocks[first.at];
    // A block starting right at the horizon is listed: another account's block may end there, and my time goes on
    // (adv47 round 6, #3: derived at a shift change, "until 18 Mar, 09:00" was said of the horizon's edge).
    if (!first || !block || (block.startMs > untilMs && block.startMs > reachMs)) return result;
    if (block.startMs > untilMs && block.startMs >= first.readToMs) {
      first.at = first.blocks.length; // past its read: nothing of it carries my time on
      continue;
    }
    reachMs = Math.max(reachMs, Math.min(block.endMs, first.readToMs));
    const snap = byId.get(first.view.id);
    const fromMs = Math.max(block.startMs, nowMs);
    result.push(
      block.shiftOn(first.view, endBasisOf(first.view, snap, block.endMs), blockBasisOf(first.view, snap, fromMs)),
    );
    first.at++;
  }
}

/**
 * A block of mine ends, as far as the app can say, where its schedule's read ends: a shift the service returned as
 * lasting a year is "until at least <end of the read>, then unknown", as the schedule's own now-line says it (an
 * override past the read may end it sooner). Every surface then says one end for the same block.
 */
function readEndClip(
  views: readonly ScheduleView[],
  byId: ReadonlyMap<string, ScheduleSnapshot>,
): (shift: MyShift) => MyShift {
  const byView = new Map(views.map((v) => [v.id, v]));
  return (shift) => {
    const view = byView.get(shift.scheduleId);
    const toMs = view?.known ? Date.parse(view.known.to) : NaN;
    if (!view || !Number.isFinite(toMs) || Date.parse(shift.end) <= toMs || Date.parse(shift.start) >= toMs)
      return shift;
    return { ...shift, end: isoOf(toMs), endBasis: endBasisOf(view, byId.get(view.id), toMs) };
  };
}

/** Each watched schedule's freshness as its view says it (unwatched ones are unknown). */
function statusOfViews(views: readonly ScheduleView[]): (id: string) => ScheduleView['status'] {
  const byId = new Map(views.map((v) => [v.id, v.status]));
  return (id) => byId.get(id) ?? { kind: 'loading' };
}

export function snapshotIndex(snapshot: Snapshot): Map<string, ScheduleSnapshot> {
  return new Map(snapshot.schedules.map((s) => [s.id, s]));
}

function myState(
  schedules: readonly ScheduleView[],
  byId: ReadonlyMap<string, ScheduleSnapshot>,
  input: DeriveInput,
  emailLower: string,
): AppState['me'] {
  const { nowMs, settings } = input;
  const clip = readEndClip(schedules, byId);
  const next = myNextShift(schedules, byId, nowMs, emailLower);
  return {
    onCallNow: myOnCallNow(schedules, byId, nowMs, emailLower).map(clip),
    nextShift: next && clip(next),
    shifts: myShifts(schedules, byId, nowMs, emailLower, settings.horizonDays).map(clip),
    gaps: emailLower === '' ? [] : myGaps(schedules, byId, nowMs, settings.horizonDays, staleAfterMs(settings)),
    load: myLoad(schedules, byId, nowMs, emailLower, input.localZone ?? 'UTC'),
    listedTo: isoOf(nowMs + settings.horizonDays * DAY_MS),
  };
}

/** This service as the state lists it among the accounts. */
function accountViewOf(
  settings: ServiceSettings,
  setup: AccountSetup,
  sync: AppState['sync'],
  lastSuccessAt: string | null,
): AccountView {
  return {
    id: settings.accountId,
    label: settings.accountLabel,
    address: displayAddress(settings.baseUrl),
    email: settings.email,
    sync,
    lastSuccessAt,
    hasKey: setup.hasKey,
    keyStorage: setup.keyStorage,
    ...(setup.keyFromEnvironment ? { keyFromEnvironment: true } : {}),
  };
}

/** One service's state (its settings seen as a single-account file); the engine combines several (combine.ts). */
export function deriveState(input: DeriveInput): AppState {
  const { snapshot, nowMs, settings } = input;
  const emailLower = settings.email.trim().toLowerCase();
  const byId = snapshotIndex(snapshot);
  const schedules = settings.schedules.map((w) => scheduleView(w.id, w.name, byId.get(w.id), input, emailLower));
  const servedFromCache = input.servedFromCache ?? false;
  const waitMs = input.serviceWaitUntilMs;
  const syncContext = {
    ...(waitMs !== undefined && waitMs > nowMs
      ? {
          // To the minute the wait is over by (rounded up), as "Refresh now" says it.
          waitUntil: formatDayTime(Math.ceil(waitMs / 60_000) * 60_000, {
            nowMs,
            localZone: input.localZone ?? 'UTC',
          }),
        }
      : {}),
    keyFromEnvironment: input.setup.keyFromEnvironment === true,
    ...(input.setup.keyVariable ? { keyVariable: input.setup.keyVariable } : {}),
  };
  const sync = syncStatus(snapshot, input.setup, settings, byId, syncContext);
  const me = myState(schedules, byId, input, emailLower);
  // Readiness is about the next start of my on-call time, not a block that carries it on (back to back).
  const readiness = readinessOf({
    state: { sync, schedules, me: { ...me, nextShift: nextStartShift(me) } },
    settings,
    nowMs,
    notifications: input.notificationHealth,
    firstReadPending: input.servedFromCache === true,
  });
  const lastSuccessAt = oldestSuccess(settings, byId);
  return {
    setup: input.setup,
    settings: settingsOfService(settings),
    accounts: [accountViewOf(settings, input.setup, sync, lastSuccessAt)],
    sync,
    lastSuccessAt,
    syncing: input.syncing,
    schedules,
    me: { ...me, readiness },
    coverage: {
      ...coverageLists(snapshot, nowMs, emailLower, statusOfViews(schedules), settings.accountId, byId),
      status: coverageStatus(snapshot, nowMs, settings, servedFromCache, staleAfterMs(settings)),
    },
    notices: input.notices,
  };
}

export { nextStateChangeAt, stateEquals } from './change';
