// The one truth every surface shows, as a pure function of (snapshot, now, settings). "Now" and "next" come from
// the cached horizon of shifts, not from the schedule's current_oncall_shift (which is only true at fetch time),
// so while offline they keep advancing along the cached shifts.
import { settingsOfService, type ServiceSettings } from '../../shared/settings';
import { displayAddress } from '../../shared/accounts';
import type { AccountSetup, AccountView, AppState, ScheduleView } from '../../shared/view-state';
import type { MyGap } from '../../shared/view-me';
import { coverageLists, coverageStatus } from './coverage';
import { readinessOf } from '../readiness/readiness';
import { nextStartShift } from '../../shared/on-call-run';
import { keyUnreadOf, oldestSuccess, savedDataReason, staleAfterMs, syncStatus, unreadWithoutKey } from './status';
import type { ScheduleSnapshot, Snapshot } from '../model/snapshot';
import type { DeriveInput } from './derive-input';
import { scheduleView } from './derive-schedule';
import { serviceWaitWords } from './wait-words';
import { myState } from './derive-mine';
import { withAsksWords } from './asks-words';
import { answeredSnapshot } from '../model/answered';

export type { DeriveInput } from './derive-input';

/** Each watched schedule's freshness as its view says it (unwatched ones are unknown). */
function statusOfViews(views: readonly ScheduleView[]): (id: string) => ScheduleView['status'] {
  const byId = new Map(views.map((v) => [v.id, v.status]));
  return (id) => byId.get(id) ?? { kind: 'loading' };
}

export function snapshotIndex(snapshot: Snapshot): Map<string, ScheduleSnapshot> {
  return new Map(snapshot.schedules.map((s) => [s.id, s]));
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
type Mine = ReturnType<typeof myState>;

/** Why my shifts on the account's schedules are unknown when my e-mail names no one there (sync/identity.ts): main's
 *  words on the notice that says it; undefined when it names someone. */
const unmatchedOf = (input: DeriveInput): string | undefined =>
  input.notices.find((n) => n.unmatched !== undefined)?.unmatched;

/** The gaps that say a schedule's shifts are unknown for a reason of its own. */
const UNKNOWN_OWN: ReadonlySet<MyGap['kind']> = new Set(['loading', 'not_read', 'failed', 'ended']);

/** My e-mail names no one on the account's schedules: my shifts on each are unknown, never none. The load read it
 *  too (myState's `mineUnknown`): one statement, not derived again from the shifts. */
function mineOrUnknown(schedules: ScheduleView[], reason: string | undefined, read: Mine): Mine {
  if (reason === undefined) return read;
  const gap = (s: ScheduleView): MyGap => ({
    accountId: s.accountId,
    scheduleId: s.id,
    scheduleName: s.name,
    kind: 'not_read',
    reason,
    now: true,
  });
  // A schedule whose shifts are unknown for its own reason (not read now, saved data ended) keeps that reason: the
  // e-mail's is the reason only where the read itself was whole (knowledge-property: a 16-day sleep's saved data).
  // A gap that only qualifies shifts read (saved, short, read some minutes ago, holes) is no reason of its own: my
  // shifts there are still unknown for the e-mail (adv47 r29 #1: an unchanged check's 'read' gap said "Off call").
  const ownReason = read.gaps.filter((g) => UNKNOWN_OWN.has(g.kind));
  const own = (s: ScheduleView): boolean => ownReason.some((g) => g.scheduleId === s.id && g.accountId === s.accountId);
  return { ...read, gaps: [...ownReason, ...schedules.filter((s) => !own(s)).map(gap)] };
}

export function deriveState(read: DeriveInput): AppState {
  // The service's answer laid over holes in its shift list, once, before anything reads it (model/answered.ts).
  const input = { ...read, snapshot: answeredSnapshot(read.snapshot) };
  const { snapshot, nowMs, settings } = input;
  const emailLower = settings.email.trim().toLowerCase();
  const byId = snapshotIndex(snapshot);
  const schedules = settings.schedules.map((w) => scheduleView(w.id, w.name, byId.get(w.id), input, emailLower));
  const servedFromCache = input.servedFromCache ?? false;
  const keyUnread = keyUnreadOf(input.setup);
  const wait = serviceWaitWords(
    { askedUntilMs: input.serviceAskedUntilMs, appUntilMs: input.serviceWaitUntilMs, nextTryMs: input.nextTryMs },
    nowMs,
    input.localZone ?? 'UTC',
  );
  const syncContext = {
    ...(wait === undefined ? {} : { wait }),
    keyFromEnvironment: input.setup.keyFromEnvironment === true,
    ...(input.setup.keyVariable ? { keyVariable: input.setup.keyVariable } : {}),
  };
  // How the reads went, as sent: the service's answer over a hole doesn't make its unreadable shifts readable, so
  // "Couldn't read some shifts of …" (and its Retry) stays said even where the answer covers the whole hole.
  const sync = syncStatus(read.snapshot, input.setup, settings, snapshotIndex(read.snapshot), syncContext);
  const unmatched = unmatchedOf(input);
  const me = mineOrUnknown(schedules, unmatched, myState(schedules, byId, input, emailLower, unmatched !== undefined));
  const savedReason = savedDataReason(input.setup, settings.accountLabel);
  const coverageRead = coverageStatus(snapshot, nowMs, settings, servedFromCache, staleAfterMs(settings), savedReason);
  // Readiness is about the next start of my on-call time, not a block that carries it on (back to back).
  const readiness = readinessOf({
    state: { sync, schedules, me: { ...me, nextShift: nextStartShift(me) } },
    settings,
    nowMs,
    notifications: input.notificationHealth,
    // Without a key no read is on its way: the cache is judged as it is (adv47 r43 F1).
    firstReadPending: input.servedFromCache === true && keyUnread === undefined,
    ...(keyUnread === undefined ? {} : { keyUnread }),
    otherReadFresh: coverageRead.kind === 'fresh',
  });
  const lastSuccessAt = oldestSuccess(settings, byId);
  const state: AppState = {
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
      status: unreadWithoutKey(coverageRead, input.setup, settings.accountLabel),
    },
    notices: input.notices,
  };
  return withAsksWords(state, nowMs, input.localZone);
}

export { nextStateChangeAt, stateEquals } from './change';
