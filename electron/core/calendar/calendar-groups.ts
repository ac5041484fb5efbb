// What a calendar is made from: the accounts' data and settings, each schedule's blocks of mine in the window told,
// with what its account adds (ref, origin, e-mail, alarms). Apart from publisher.ts, which publishes these groups
// and keeps the record: here is what is read from the input, there what was published.
import { originOf, type CacheOrigin } from '../storage/cache-origin';
import { accountNamed } from '../../shared/account-names';
import type { ServiceSettings } from '../../shared/settings';
import type { Snapshot } from '../model/snapshot';
import { remindersFor } from '../../shared/settings';
import { DAY_MS } from '../../shared/time';
import type { AlarmSpec } from './ics-calendar';
import { unreadWithoutKey } from '../state/status';
import { myBlocksTold } from './unknown-mine';
import type { BlockWindow, ScheduleBlocks } from './my-blocks';
import { scheduleRef } from '../../shared/accounts';
import { readOf, toldOnce } from './calendar-sources';

/** Blocks that ended within this long ago stay in the calendar (the shifts the app keeps reach a week back). */
export const PAST_MS = 7 * DAY_MS;

/** One account's data and settings: the calendar covers every account's blocks. */
export interface CalendarService {
  snapshot: Snapshot;
  settings: ServiceSettings;
  /** False: no API key, so nothing can be read until one is added ("not read", never "not loaded yet"). */
  hasKey?: boolean;
  /** Why the state calls my shifts on its schedules unknown (its `unmatched` notice); absent when they are read. */
  mineUnknown?: string;
}

/** One service (`snapshot`, `settings`), or several (`services`). */
export type CalendarInput = CalendarTime & (CalendarService | { services: readonly CalendarService[] });

interface CalendarTime {
  nowMs: number;
  localZone: string;
  /** Days ahead to include; all fetched shifts when absent. */
  days?: number;
}

/** The alarms a schedule's blocks carry: its reminder choices (leads and at start), or none when switched off. */
export function alarmsFor(settings: ServiceSettings, scheduleId: string): AlarmSpec[] {
  if (!settings.calendarAlarms) return [];
  const r = remindersFor(settings, scheduleId);
  const leads = [...new Set(r.leadTimesMin)].sort((a, b) => b - a).map((beforeMin) => ({ beforeMin }));
  return r.atStart ? [...leads, { beforeMin: 0 }] : leads;
}

/** A schedule's blocks with what its account adds: the schedule's ref (the record's and the UIDs' key, so equal
 *  schedule ids on two accounts never share an event), the e-mail blocks are mine by, and the alarms. */
export interface Group extends ScheduleBlocks {
  ref: string;
  /** Its account's address and e-mail now: each entry published is stamped with it (published-record.ts). */
  origin: CacheOrigin;
  emailLower: string;
  alarms: AlarmSpec[];
  readMs?: number; // its shifts' read as the snapshot holds it (calendar-sources.ts)
}

export function groupsOf(input: CalendarInput, window: BlockWindow): Group[] {
  const all = 'services' in input ? input.services : [input];
  const services = toldOnce(all);
  // With several accounts an event names its account ("On call: Work · Platform primary"), as every surface does:
  // also when the other is the same service and told as this one's (issue 47: the event said "Platform" where the
  // popover said "Work · Platform").
  const named = (settings: ServiceSettings, name: string): string =>
    all.length > 1 ? accountNamed(settings.accountLabel, name) : name;
  return services.flatMap(({ snapshot, settings, hasKey, mineUnknown }) =>
    myBlocksTold(snapshot, settings, window, input.nowMs, mineUnknown).map((g) => ({
      ...g,
      status: unreadWithoutKey(g.status, { hasKey: hasKey !== false }, settings.accountLabel),
      scheduleName: named(settings, g.scheduleName),
      blocks: g.blocks.map((b) => ({ ...b, scheduleName: named(settings, b.scheduleName) })),
      ref: scheduleRef(settings.accountId, g.scheduleId),
      origin: originOf(settings),
      emailLower: settings.email.trim().toLowerCase(),
      alarms: alarmsFor(settings, g.scheduleId),
      ...readOf(snapshot, g.scheduleId),
    })),
  );
}

/** Every schedule watched now, by ref, on every account (also one told through another account). */
export function watchedRefs(input: CalendarInput): Set<string> {
  const all = 'services' in input ? input.services : [input];
  return new Set(all.flatMap(({ settings }) => settings.schedules.map((w) => scheduleRef(settings.accountId, w.id))));
}

/** The window of blocks a calendar tells: a week back, and `days` ahead (all read, when not given). */
export const windowOf = (input: CalendarInput): BlockWindow => ({
  fromMs: input.nowMs - PAST_MS,
  toMs: input.days === undefined ? Infinity : input.nowMs + input.days * DAY_MS,
});
