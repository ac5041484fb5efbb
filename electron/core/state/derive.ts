// The one truth every surface shows, as a pure function of (snapshot, now, settings). "Now" and "next" come from
// the cached horizon of shifts, not from the schedule's current_oncall_shift (which is only true at fetch time),
// so while offline they keep advancing along the cached shifts.
import type { Schedule, Shift } from '../../api/schemas';
import { settingsOfService, type ServiceSettings } from '../../shared/settings';
import { displayAddress } from '../../shared/accounts';
import { DAY_MS } from '../../shared/time';
import type { AccountView, AppState, MyShift, ScheduleView, ShiftView, TimeSpan } from '../../shared/view-state';
import { blocksOf, isoOf, segmentsOf, toPerson } from '../model/segments';
import { stretchAt, timelineBasis, timelineOf, type KnownTimeline, type Stretch } from '../model/timeline';
import type { Basis } from '../../shared/basis';
import { coverageLists, coverageStatus } from './coverage';
import { takeOverOptions } from './take-over';
import { knownRangeOf, myGaps } from './knowledge';
import { myLoad } from './load';
import { readinessOf, type NotificationHealthResult } from '../readiness/readiness';
import { oldestSuccess, scheduleStatus, staleAfterMs, syncStatus } from './status';
import type { ScheduleSnapshot, Snapshot } from '../model/snapshot';

export interface DeriveInput {
  snapshot: Snapshot;
  nowMs: number;
  settings: ServiceSettings;
  setup: AppState['setup'];
  syncing: boolean;
  notices: AppState['notices'];
  /** This computer's zone: months, nights and weekends of my on-call load (every time in the state is ISO). */
  localZone?: string;
  /** True until the first sync of this session succeeded: cached data is then shown as stale. */
  servedFromCache?: boolean;
  /** What the platform last said about showing notifications (readiness before my next shift). */
  notificationHealth?: NotificationHealthResult;
}

const NO_SHIFTS: readonly Shift[] = [];

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
}

/** My blocks in a shifts array, computed once per array (and e-mail): every later tick only filters them. */
const blocksMemo = new WeakMap<readonly Shift[], { emailLower: string; blocks: TimedBlock[] }>();

function myTimedBlocks(shifts: readonly Shift[], emailLower: string): TimedBlock[] {
  const hit = blocksMemo.get(shifts);
  if (hit && hit.emailLower === emailLower) return hit.blocks;
  const blocks = blocksOf(segmentsOf(shifts), emailLower).map((b) => new TimedBlock(b.startMs, b.endMs));
  blocksMemo.set(shifts, { emailLower, blocks });
  return blocks;
}

function viewOfStretch(s: Stretch): ShiftView {
  return { users: s.users, start: isoOf(s.startMs), end: isoOf(s.endMs) };
}

const spansMemo = new WeakMap<KnownTimeline, TimeSpan[]>();

/** The timeline as the view sends it (ISO instants), once per read. */
function spansOf(t: KnownTimeline): TimeSpan[] {
  const hit = spansMemo.get(t);
  if (hit) return hit;
  const spans = t.stretches.map((s): TimeSpan => ({
    kind: s.kind,
    start: isoOf(s.startMs),
    end: isoOf(s.endMs),
    users: s.users,
    ...(s.why ? { why: s.why } : {}),
  }));
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
    known: knownRangeOf(s),
    now,
    next,
    timeline: spansOf(timeline),
    meOnCall: emailLower !== '' && !!now?.users.some((u) => u.email.toLowerCase() === emailLower),
    users: details?.users ? details.users.map(toPerson) : [],
    teams: details ? details.teams.map((t) => ({ ...t, name: t.name ?? t.id ?? 'Unnamed team' })) : [],
    chatUserGroup: input.snapshot.chatGroups[id] ?? null,
    takeOverOptions: takeOverOptions(input.snapshot, id, input.nowMs, input.settings.email, status.kind === 'fresh'),
  };
}

/** What "until `endMs`" rests on: the time just after it, on the schedule's timeline (unknown: it may go on). */
function endBasisOf(view: ScheduleView, s: ScheduleSnapshot | undefined, endMs: number): Basis {
  return timelineBasis(timelineOf(s), view.status, endMs, endMs + 1);
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
  const { view, block } = best;
  return {
    accountId: view.accountId,
    scheduleId: view.id,
    scheduleName: view.name,
    start: block.start,
    end: block.end,
    endBasis: endBasisOf(view, byId.get(view.id), block.endMs),
  };
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
    const start = block ? block.start : view.now.start;
    const end = block ? block.end : view.now.end;
    const endBasis = endBasisOf(view, byId.get(view.id), block ? block.endMs : Date.parse(end));
    result.push({ accountId: view.accountId, scheduleId: view.id, scheduleName: view.name, start, end, endBasis });
  }
  return result;
}

/**
 * My blocks from now to the horizon over all watched schedules (each merged per schedule, the running one with its
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
  const found: { startMs: number; order: number; shift: MyShift }[] = [];
  views.forEach((view, order) => {
    for (const b of myTimedBlocks(byId.get(view.id)?.shifts ?? NO_SHIFTS, emailLower)) {
      if (b.endMs <= nowMs || b.startMs >= untilMs) continue;
      found.push({
        startMs: b.startMs,
        order,
        shift: {
          accountId: view.accountId,
          scheduleId: view.id,
          scheduleName: view.name,
          start: b.start,
          end: b.end,
          endBasis: endBasisOf(view, byId.get(view.id), b.endMs),
        },
      });
    }
  });
  return found.sort((a, b) => a.startMs - b.startMs || a.order - b.order).map((f) => f.shift);
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
  return {
    onCallNow: myOnCallNow(schedules, byId, nowMs, emailLower),
    nextShift: myNextShift(schedules, byId, nowMs, emailLower),
    shifts: myShifts(schedules, byId, nowMs, emailLower, settings.horizonDays),
    gaps: emailLower === '' ? [] : myGaps(schedules, byId, nowMs, settings.horizonDays, staleAfterMs(settings)),
    load: myLoad(schedules, byId, nowMs, emailLower, input.localZone ?? 'UTC'),
  };
}

/** This service as the state lists it among the accounts. */
function accountViewOf(
  settings: ServiceSettings,
  setup: AppState['setup'],
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
  const syncContext = {
    keyFromEnvironment: input.setup.keyFromEnvironment === true,
    ...(input.setup.keyVariable ? { keyVariable: input.setup.keyVariable } : {}),
  };
  const sync = syncStatus(snapshot, input.setup, settings, byId, syncContext);
  const me = myState(schedules, byId, input, emailLower);
  const readiness = readinessOf({
    state: { sync, schedules, me },
    settings,
    nowMs,
    notifications: input.notificationHealth,
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
      ...coverageLists(snapshot, nowMs, emailLower, statusOfViews(schedules), byId, settings.accountId),
      status: coverageStatus(snapshot, nowMs, settings, servedFromCache, staleAfterMs(settings)),
    },
    notices: input.notices,
  };
}

export { nextStateChangeAt, stateEquals } from './change';
