// Whose an alarm record is (issue 52): a record in alarms.json names its shift by key, `alarm:<service>:<schedule
// id>:<start ISO>`. It is the app's only when the key is well formed, its start is the record's own, the service
// and schedule are watched by an account, and — where what was last read covers that start — a block of mine
// starts there. A record that fails is dropped and said once, except one for a schedule not watched now: it is parked
// (kept, used for nothing) until it expires, and used again once the schedule is watched again; `status --ack` acknowledges only records whose start
// is a block of mine in what was last read (`verifiedMine`), never one it can't place.
import { remindersFor, type ServiceSettings } from '../../shared/settings';
import { originOf, type CacheOrigin } from '../storage/cache-origin';
import { isoOf, segmentsOf } from '../model/segments';
import type { Snapshot } from '../model/snapshot';
import { knownOf } from '../reminders/known';
import { ALARM_EARLY_MS, serviceKeyOf } from './plan';
import { DEFAULT_START_ALARM, type AlarmRecord } from './types';
import type { Account } from '../../shared/account-settings';

export interface AlarmKnowledge {
  settings: ServiceSettings;
  /** What was last read (or cached) for the account; undefined when nothing was. */
  snapshot?: Snapshot;
  /** The account as saved (muted, paused): which of several accounts on one service rings a start (startRinger). */
  account?: Account;
  /** Its record of the blocks it had as mine (reminders.json `mine:` keys: recorded-blocks.ts), once read. */
  recorded?: readonly string[];
}

const KEY =
  /^alarm:(https?:\/\/[a-z0-9.[\]-]+(?::\d{1,5})?):(sch_[A-Za-z0-9_-]{1,200}):(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{3})?Z)$/;

const NOT_MINE = "a shift that isn't mine";
/** A record or entry for a schedule no account watches now: parked (kept, used for nothing) until it expires. */
export const UNWATCHED = 'a schedule not watched';

type Place = { problem: string } | { mine: boolean | undefined };

/** Where the record sits in what the app knows: a problem, or whether a block of mine starts there (undefined:
 *  what was read doesn't cover that start). */
function place(key: string, rec: AlarmRecord, known: readonly AlarmKnowledge[]): Place {
  const m = KEY.exec(key);
  if (!m || m[3] !== isoOf(rec.startMs)) return { problem: "a key that isn't an alarm's" };
  const [, service, scheduleId] = m;
  const accounts = known.filter(
    (a) => serviceKeyOf(a.settings.baseUrl) === service && a.settings.schedules.some((w) => w.id === scheduleId),
  );
  if (accounts.length === 0) return { problem: UNWATCHED };
  let mine: boolean | undefined = false;
  let covered = false;
  for (const a of accounts) {
    const s = a.snapshot?.schedules.find((x) => x.id === scheduleId);
    if (!s || s.notFound || s.shiftsFrom === null || s.shiftsTo === null) continue;
    if (rec.startMs < Date.parse(s.shiftsFrom) || rec.startMs >= Date.parse(s.shiftsTo)) continue;
    covered = true;
    const email = a.settings.email.trim().toLowerCase();
    if (segmentsOf(knownOf(s).shifts).some((seg) => seg.startMs === rec.startMs && seg.emails.includes(email)))
      mine = true;
  }
  if (!covered) mine = undefined;
  return mine === false ? { problem: NOT_MINE } : { mine };
}

/** Why the record is not the app's, or undefined when it may be. With `mineToo` false (the engine), a start that
 *  isn't mine in the data now is kept: the engine reads a record only for a target, and targets are my blocks, so
 *  it is inert there, and a block handed off after it rang would otherwise be said as a bad entry. */
export function alarmClaimProblem(
  key: string,
  rec: AlarmRecord,
  known: readonly AlarmKnowledge[],
  mineToo = true,
): string | undefined {
  const p = place(key, rec, known);
  if (!('problem' in p)) return undefined;
  return !mineToo && p.problem === NOT_MINE ? undefined : p.problem;
}

/** The record's start is a block of mine in what was last read. */
export function verifiedMine(key: string, rec: AlarmRecord, known: readonly AlarmKnowledge[]): boolean {
  const p = place(key, rec, known);
  return 'mine' in p && p.mine === true;
}

/** Whether an alarm key (alone, as escalations.json keys its entries) names a watched schedule of a known service:
 *  undefined when it does, else why not. */
export function alarmKeyProblem(key: string, known: readonly AlarmKnowledge[]): string | undefined {
  const m = KEY.exec(key);
  if (!m) return "a key that isn't an alarm's";
  const [, service, scheduleId] = m;
  const watched = known.some(
    (a) => serviceKeyOf(a.settings.baseUrl) === service && a.settings.schedules.some((w) => w.id === scheduleId),
  );
  return watched ? undefined : UNWATCHED;
}

/** When the alarm of the record's start fell due for the settings now (adv52 r9 #1): at the start, or 5 min before
 *  where an account watching it rings then (or has it off: what rang before it was turned off is not refused).
 *  Undefined when no account watches the schedule (the record is parked, used for nothing). */
export function alarmDueMs(key: string, rec: AlarmRecord, known: readonly AlarmKnowledge[]): number | undefined {
  const m = KEY.exec(key);
  const service = m?.[1];
  const scheduleId = m?.[2];
  if (service === undefined || scheduleId === undefined) return undefined;
  const modes = known
    .filter(
      (a) => serviceKeyOf(a.settings.baseUrl) === service && a.settings.schedules.some((w) => w.id === scheduleId),
    )
    .map((a) => remindersFor(a.settings, scheduleId).startAlarm ?? DEFAULT_START_ALARM);
  if (modes.length === 0) return undefined;
  return modes.some((x) => x !== 'at-start') ? rec.startMs - ALARM_EARLY_MS : rec.startMs;
}

/** Why a record of a file stamped for `stamp` (the service addresses and users it was written for, cache-origin.ts)
 *  is not this install's: the accounts watching its schedule now are none of them (a file copied in from another
 *  user's install: its acknowledgement would silence my alarm). Undefined when one is, or none watches it (parked). */
export function alarmOriginProblem(
  key: string,
  stamp: readonly CacheOrigin[],
  known: readonly AlarmKnowledge[],
): string | undefined {
  const m = KEY.exec(key);
  if (!m) return undefined;
  const [, service, scheduleId] = m;
  const accounts = known.filter(
    (a) => serviceKeyOf(a.settings.baseUrl) === service && a.settings.schedules.some((w) => w.id === scheduleId),
  );
  const stamped = (o: CacheOrigin): boolean => stamp.some((s) => s.address === o.address && s.email === o.email);
  return accounts.length === 0 || accounts.some((a) => stamped(originOf(a.settings)))
    ? undefined
    : 'a record written for another service address or user';
}

/** The stamp alarms.json is written with: each account's address and user now, once each, and what the file was
 *  stamped with for an address no account points at now (its records are parked: settings.json damaged for a run
 *  must not make them another's once restored). One for an address an account has is never carried: that user is
 *  not this account's. */
export function alarmStampOf(known: readonly AlarmKnowledge[], read: readonly CacheOrigin[] = []): CacheOrigin[] {
  const now = known.map((a) => originOf(a.settings));
  const all = [...now, ...read.filter((o) => !now.some((n) => n.address === o.address))];
  return all.filter((o, i) => all.findIndex((x) => x.address === o.address && x.email === o.email) === i);
}
