// The shift-start alarm's data: what rings (one target per start of a block of mine), and what is kept on disk per
// shift (rung, snoozed, acknowledged by whom and when), so a restart or a second account never rings it again.
import { z } from 'zod';
import type { AccountId } from '../../shared/account-names';

/** When a schedule's start alarm rings: at the start (the default), five minutes before it, or never. */
export const StartAlarmSchema = z.enum(['at-start', '5-min-before', 'off']);
export type StartAlarm = z.infer<typeof StartAlarmSchema>;
export const DEFAULT_START_ALARM: StartAlarm = 'at-start';

/** Where an acknowledgement came from. */
export const AckSourceSchema = z.enum(['window', 'notification', 'tray', 'cli', 'phone']);
export type AckSource = z.infer<typeof AckSourceSchema>;

export interface AlarmTarget {
  /** One per shift start on a service: `alarm:<service>:<schedule id>:<start ISO>`; the same for every account. */
  key: string;
  /** The account that planned it (or that it was kept for): its own account, whatever its name (two accounts may
   *  share a label). Every look-up of an alarm's account goes by this id. */
  accountId: AccountId;
  /** When it rings. */
  atMs: number;
  startMs: number;
  /** After this nothing rings for it (the shift is over). */
  endMs: number;
  /** No read covers the time after `endMs`: the shift lasts at least until then, and is said so. */
  endUnknown?: boolean;
  /** With `endUnknown`: where what was read of the shift ends, the end it is said to last at least until (adv47 r38). */
  readEndMs?: number;
  scheduleId: string;
  scheduleName: string;
  scheduleZone: string;
  /** Who is on call right before me (who hands over), when the data says. */
  fromNames: string[];
  /** The shift is known from an earlier read kept over a hole in the latest (saved data from then). */
  keptReadAtMs?: number;
  /** The account's name while there are several: every alarm word names it then ("Work · Platform primary"), as
   *  every statement does (issue 47: two services' alarms for same-named schedules read the same). */
  accountName?: string;
  /** The key its start plans, where the alarm carries the record of a later start of the same block (the block was
   *  extended backwards after that alarm rang, or shortened at the front after its acknowledgement: `key` is that
   *  start's, carry.ts carriedOf). */
  ownKey?: string;
  /** The data says the time from this instant up to `startMs` was not mine (plan.ts freeSinceOf): an acknowledged
   *  start of the block in it is carried on by this start (carry.ts), as the block shortened at the front. */
  freeSinceMs?: number;
  /** Kept from the account's record before a read of this run (engine/alarms-kept.ts): the account it was kept for,
   *  so its mute silences it and the tray names it as it does a planned alarm's (adv50 r16). */
  keptFor?: AccountId;
}

export const AlarmRecordSchema = z.object({
  startMs: z.number(),
  endMs: z.number(),
  /** Rang (written before it rings: a crash in between can lose a ring, never repeat one). */
  rungAtMs: z.number().optional(),
  /** The account it rang through, by name, while there are several (its notification named it): fixed at the ring,
   *  so every surface names it as the notification did, whatever is muted since (issue 47, round 18 #4). */
  rungThrough: z.string().max(200).optional(),
  /** Snoozed: rings again then, unless acknowledged. Not an acknowledgement. */
  snoozedUntilMs: z.number().optional(),
  ackedAtMs: z.number().optional(),
  /** Fell due while every account naming it was muted or paused on its own: never rung, then or later (as a start
   *  reminder passes then: reminders/delivery.ts). Settles it like an acknowledgement, without being one. */
  passedAtMs: z.number().optional(),
  ackSource: AckSourceSchema.optional(),
  /** When it rang again after a snooze (the ring's 10 min run from then: a restart rings on for what is left). */
  againAtMs: z.number().optional(),
  /** The system's id of its loud notification while that is up (Linux `notify-send --print-id`), so a restart can
   *  still close it or re-send under it (adv50 r16 #1). Read back it is a claim: only ever used to close or replace
   *  that notification, never to decide anything. */
  shownAs: z.number().int().positive().max(0xffffffff).optional(),
});
export type AlarmRecord = z.infer<typeof AlarmRecordSchema>;

export const SNOOZE_MS = 5 * 60_000;
/** An alarm rings (window, sound) this long at most (ringer.ts re-exports it; here so engine.ts imports no cycle). */
export const ALARM_RING_MAX_MS = 10 * 60_000;

/** The end an alarm words: where the read inside the shift ends when the time after it was not read. */
export const saidEndOf = (t: Pick<AlarmTarget, 'endMs' | 'endUnknown' | 'readEndMs'>): number =>
  t.endUnknown === true ? (t.readEndMs ?? t.endMs) : t.endMs;

/** One run of the app, as the signed run log (alarm-runs.ts) records it. */
export type Run = { fromMs: number; toMs: number };

/** The recorded runs; undefined when there is no log at all (a folder from before it: the records are taken as
 *  they were, this once, and the log starts now). A log that can't be read or used vouches for nothing; `doubt` then
 *  says why it can't prove either that the app was not running at a moment (adv52 r30: a cut-short log made the app
 *  say its own rings were "while the app was not running"). */
export type Runs =
  | {
      runs: readonly Run[];
      doubt?: string;
      /** The log's count when read (runs-seq.ts); undefined when it could not be read. */
      seq?: number;
      /** The newest moment the log as read holds. */
      throughMs?: number;
    }
  | undefined;
