// `status --ack`: acknowledges, from a terminal, the shift-start alarms that rang and are not acknowledged while
// their shift is on. It writes the same alarms.json the app keeps (merged, never undoing the app's records); the app
// takes it in at its next look. Says what it did, or that nothing was ringing — never that it acknowledged nothing,
// never "Acknowledged" for a save that failed (the app would keep ringing). What the records file held that was
// refused or dropped (a record that fails the clock is never acknowledged) is said too, with where it was kept.
import { formatTime } from '../../shared/day-word';
import { formatDayTime } from '../../shared/format';
import { alarmStartWords, type AlarmStart } from '../../shared/alarm-text';
import { serviceKeyOf } from './plan';
import { serviceSettings } from '../../shared/settings';
import { sameService } from '../../shared/service-identity';
import type { FileStore } from '../ports';
import { loadSnapshot, cacheFileOf } from '../storage/cache';
import { originOf } from '../storage/cache-origin';
import { loadSettings } from '../storage/settings-store';
import { reasonOf } from '../storage/write-watch';
import { alarmKeyProblem, verifiedMine, type AlarmKnowledge } from './alarm-claims';
import { loadAlarmStore } from './alarm-store';
import { judgeRecord, targetsAsRead } from './ack-judge';
import type { RecordSigner } from '../storage/record-key';
import type { AlarmRecord } from './types';

export interface CliAck {
  ok: boolean;
  /** The answer (stdout when ok, stderr when not). */
  text: string;
  /** About the records file, said before the answer. */
  notices: string[];
  /** The alarm keys acknowledged by this command, with the start each names (status-ack-booked.ts). */
  acked?: { key: string; start: AlarmStart }[];
}

/** The accounts, their watched schedules and their saved data, read from `readOnly` (a store that changes
 *  nothing on disk: the running app owns settings.json and the caches). */
export async function alarmKnowledgeOf(readOnly: FileStore, nowMs?: number): Promise<AlarmKnowledge[]> {
  const { settings } = await loadSettings(readOnly);
  return Promise.all(
    settings.accounts.map(async (account) => {
      // Checked as the app checks it (cache.ts): another account's or service's data, or entries that fail the
      // clock or name a schedule not watched, never make a block "mine".
      const watched = account.schedules.map((s) => s.id);
      const { snapshot } = await loadSnapshot(readOnly, cacheFileOf(account.id), nowMs, watched, originOf(account));
      return { settings: serviceSettings(settings, account), account, ...(snapshot ? { snapshot } : {}) };
    }),
  );
}

export async function ackFromCli(
  files: FileStore,
  nowMs: number,
  localZone: string,
  known: readonly AlarmKnowledge[],
  /** The app's rule for which watching account rings a start (engine/ack-ringer.ts); absent: the first. */
  ringerOf?: (watcherIds: readonly string[], atMs: number) => string | undefined,
  /** The app's record key, when the keychain has one (never made here: record-key.ts). */
  signer?: RecordSigner,
): Promise<CliAck> {
  const notices: string[] = [];
  const store = await loadAlarmStore(
    files,
    () => nowMs,
    (n) => notices.push(n.message),
    () => known,
    true,
    false,
    signer,
  );
  // Judged as the tray judges it, over my blocks as last read (ack-judge.ts); a record parked for a schedule not
  // watched now is not acted on (alarm-claims.ts).
  const targets = targetsAsRead(known, nowMs, localZone);
  const judged = Object.entries(store.all())
    .filter(([key]) => !alarmKeyProblem(key, known))
    .map(([key, r]) => ({ key, r, is: judgeRecord(key, r, targets, known, nowMs) }));
  const waiting = judged.filter((j) => j.is === 'waits').map(({ key, r }): [string, AlarmRecord] => [key, r]);
  const unknown = judged.filter((j) => j.is === 'unknown').length;
  if (unknown > 0) notices.push(unknownText(unknown));
  // Only a start that is a block of mine in the saved data is acknowledged; one the data doesn't place is said.
  const ringing = waiting.filter(([key, r]) => verifiedMine(key, r, known));
  const unplaced = waiting.length - ringing.length;
  if (unplaced > 0)
    notices.push(
      `${unplaced} alarm record${unplaced === 1 ? ' was' : 's were'} not acknowledged: the saved schedule data doesn't show ${unplaced === 1 ? 'that shift' : 'those shifts'} as yours. Open the app to read it again.`,
    );
  // Where it is unknown whether one waits, "none is waiting" would state what isn't known.
  if (ringing.length === 0 && unknown > 0) return { ok: false, text: NOTHING_ACKED_UNKNOWN, notices };
  if (ringing.length === 0)
    return { ok: true, text: 'No shift-start alarm is waiting for an acknowledgement.', notices };
  try {
    for (const [key, rec] of ringing) {
      const { snoozedUntilMs: _s, ...rest } = rec;
      await store.update(key, { ...rest, ackedAtMs: nowMs, ackSource: 'cli' });
    }
  } catch (cause) {
    const why = reasonOf(cause) ?? 'the disk refused the write';
    const where = files.location ?? "the app's data folder";
    const text = `The acknowledgement couldn't be saved to ${where} (${why}): the alarm keeps ringing in the app.`;
    return { ok: false, text, notices };
  }
  const acked = ringing.map(([key, r]) => ({
    key,
    start: startOfKey(key, r.startMs, known, accountOfKey(key, r, known, ringerOf)),
  }));
  const text = ackAnswer(
    acked.map((a) => a.start),
    nowMs,
    localZone,
  );
  return { ok: true, text, notices, acked };
}

const NOTHING_ACKED_UNKNOWN =
  'No shift-start alarm was acknowledged: whether one is waiting is unknown, as the saved schedule data does not reach now. Open the app to read it again.';

/** A rung, unanswered alarm whose shift the saved data can't place now (no read, or none reaching now). */
function unknownText(n: number): string {
  const which = n === 1 ? 'an alarm that rang' : `${n} alarms that rang`;
  return `Whether ${which} still waits for an answer is unknown: the saved schedule data does not reach now. It was not acknowledged.`;
}

/** The label of the account an alarm is named by: the first of one service's accounts watching its schedule (as
 *  the tray names it); else the one it rang through, as recorded or by the app's rule (startRinger: the first
 *  neither muted nor paused when it rang), as its notification did; the first of them where none rang. */
function accountOfKey(
  key: string,
  r: AlarmRecord,
  known: readonly AlarmKnowledge[],
  ringerOf?: (watcherIds: readonly string[], atMs: number) => string | undefined,
): string | undefined {
  const [, service, scheduleId] = /^alarm:(.+):(sch_[A-Za-z0-9_-]+):\d{4}-/.exec(key) ?? [];
  const watching = known.filter(
    (a) => serviceKeyOf(a.settings.baseUrl) === service && a.settings.schedules.some((w) => w.id === scheduleId),
  );
  // One service added as several accounts: the first names the alarm, as the tray and popover name it (engine/
  // alarms-status.ts firstOfService: one block, one name, whichever account it rang through; adv47 r40 #2).
  const head = watching[0]?.settings;
  if (head && watching.length > 1 && watching.every((a) => sameService(a.settings, head))) return head.accountLabel;
  // The account it rang through, as recorded at the ring (its notification named it), while it is still there.
  const rang = watching.find((a) => r.rungThrough !== undefined && a.settings.accountLabel === r.rungThrough);
  if (rang) return rang.settings.accountLabel;
  const ringer = ringerOf?.(
    watching.map((a) => `${a.settings.accountId}`),
    r.rungAtMs ?? r.startMs,
  );
  return (watching.find((a) => a.settings.accountId === ringer) ?? watching[0])?.settings.accountLabel;
}

/** The start an alarm's key is for: its schedule by name and zone from the saved data of the first account that
 *  watches it on its service, with the label of the account it rang through (accountOfKey) while there are several. */
function startOfKey(
  key: string,
  startMs: number,
  known: readonly AlarmKnowledge[],
  accountName: string | undefined,
): AlarmStart {
  const [, service, scheduleId] = /^alarm:(.+):(sch_[A-Za-z0-9_-]+):\d{4}-/.exec(key) ?? [];
  const account = known.find(
    (a) => serviceKeyOf(a.settings.baseUrl) === service && a.settings.schedules.some((w) => w.id === scheduleId),
  );
  const details = account?.snapshot?.schedules.find((s) => s.id === scheduleId)?.details;
  const watched = account?.settings.schedules.find((w) => w.id === scheduleId);
  return {
    ...(known.length > 1 && accountName !== undefined ? { accountName } : {}),
    scheduleName: details?.name ?? watched?.name ?? scheduleId ?? 'a schedule',
    start: startMs,
    ...(details?.time_zone ? { scheduleZone: details.time_zone } : {}),
  };
}

/** "Acknowledged the shift-start alarm (Platform, Tue 09:00) at 08:30.": each start named by its schedule (with its
 *  account while there are several) and worded as the tray's alarm line words it (alarmStartWords: the day where it
 *  isn't today, the schedule's own time where its zone differs). */
export function ackAnswer(starts: readonly AlarmStart[], nowMs: number, localZone: string): string {
  const words = starts.map((a) => alarmStartWords(a, { nowMs, localZone })).join('; ');
  return `Acknowledged the shift-start alarm (${words}) at ${formatTime(nowMs, { localZone })}.`;
}

/** A phone alert booked on the server for a start this command acknowledged still rings unless the app runs to cancel
 *  it (status-ack-booked.ts reads the booking; worded here, where the registry reads `status --ack`); one due within
 *  about a second may ring even so. Whether the app runs can't be told from here (no record of it is kept live). */
export function stillRingsLine(atMs: number, start: AlarmStart, localZone: string, nowMs: number): string {
  // With its day where it is not today's (a start just before midnight rings the phone after it).
  const zone = start.scheduleZone ? { scheduleZone: start.scheduleZone } : {};
  const at = formatDayTime(atMs, { localZone, nowMs, ...zone });
  const shift = `the ${start.scheduleName} shift${start.accountName ? ` (${start.accountName})` : ''}`;
  // The running app reads this acknowledgement within a second of it (engine/alarms-plan.ts nextReadInMs) and cancels
  // then: an alert closer than that may ring even with the app running, so "unless the app is running" isn't said.
  if (atMs - nowMs <= TOO_SOON_TO_CANCEL_MS)
    return `Your phone may still ring at ${at} for ${shift}: it is due too soon for the app to cancel it.`;
  return `Your phone will still ring at ${at} for ${shift} unless the app is running to cancel it: start the app.`;
}

/** The running app's read of alarms.json each second before a phone alert (ACK_FILE_FAST_MS), and its cancel's
 *  request: an alert due sooner than this after the acknowledgement may not be cancelled in time (adv50 r46 #1). */
const TOO_SOON_TO_CANCEL_MS = 2_000;
