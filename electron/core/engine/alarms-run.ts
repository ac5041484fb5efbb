// The engine alarms' wiring, what they answer, and their working state (alarms.ts).
import type { RecordSigner } from '../storage/record-key';
import type { AlarmIntent } from '../../shared/alarm-view';
import type { AlarmStatus } from '../../shared/phone-intent';
import type { ServiceSettings } from '../../shared/settings';
import { type AlarmStore } from '../alarm/alarm-store';
import { type AckResult, type AlarmEngine } from '../alarm/engine';
import type { RingRun } from '../alarm/ring-run';
import type { AlarmSurface } from '../alarm/surface';
import type { AckSource, AlarmTarget } from '../alarm/types';
import type { AlarmAbout } from '../alarm/words';
import type { Snapshot } from '../model/snapshot';
import type { Notice } from '../storage/settings-store';
import type { Clock, FileStore, Notifier } from '../ports';

/** While an alarm rings (its first 10 min, the window's), alarms.json is read again this often
 *  (an acknowledgement from a terminal); later, at each sync. */
export const ACK_FILE_POLL_MS = 15_000;
export const POLL_FOR_MS = 10 * 60_000;
/** In the last ACK_FILE_FAST_BEFORE_MS before a phone alert is due, alarms.json is read this often: a terminal's
 *  acknowledgement up to about a second before the alert still cancels it, as the window's does (adv50 r46 #1: read
 *  every 15 s, one given 10 s before came in after ntfy had delivered). */
export const ACK_FILE_FAST_MS = 1_000;
export const ACK_FILE_FAST_BEFORE_MS = 30_000;
/** …and at a sync at most this often. */
export const ACK_FILE_SYNC_READ_MS = 60_000;

export interface AlarmAccount {
  /** The account's name on the window. */
  name: string;
  snapshot: Snapshot;
  settings: ServiceSettings;
  /** Muted or paused on its own now (the start reminders' rule): its alarms pass unrung. */
  silenced?: () => boolean;
  /** Muted, or paused past `atMs` (an alarm's start): its alarm due then will pass unrung, so the phone books nothing
   *  for it. */
  silentAt?: (atMs: number) => boolean;
  /** Its `mine:` record (the blocks the app had as mine: alarms-kept.ts), once read. */
  recorded?: () => readonly string[];
}

export interface AlarmsWiring {
  clock: Clock;
  files: FileStore;
  notifier: Notifier;
  surface: () => AlarmSurface | undefined;
  localZone: () => string;
  log: (message: string) => void;
  accounts: () => AlarmAccount[];
  /** Which of these accounts (ids) rings a start due at `atMs` (readiness/silenced.ts `startRinger`, the one rule
   *  readiness judges by too); without it, each account's own `silenced` / `silentAt`. */
  ringerOf?: (accountIds: readonly string[], atMs: number) => string | undefined;
  /** When the next per-account pause ends (after now), if one does: an alarm silenced before its start rings then. */
  pauseEndsMs?: () => number | undefined;
  /** The whole run an alarm covers where my on-call time goes on past its shift, as the tray derives it. */
  coverOf?: (target: AlarmTarget) => RingRun | undefined;
  /** What the alarm shows changed (rang, acknowledged): the state is derived again. */
  changed: () => void;
  /** "Can't — find cover": Ask for cover / take over for that shift. */
  findCover: (target: AlarmTarget) => void;
  report: (notice: Notice) => void;
  /** The app's record key (storage/record-key.ts); absent: records are checked as before MACs. */
  signer?: () => Promise<RecordSigner | undefined>;
  /** The targets changed (escalation books or cancels after them). */
  targetsChanged?: (targets: readonly AlarmTarget[]) => void;
  /** The first acknowledgement of an alarm, from wherever (escalation cancels what it booked). */
  acknowledged?: (key: string) => void;
  /** An alarm rang (late or not): escalation plans the phone at ring + N (a timer armed before a sleep is not). */
  rang?: (key: string) => void;
  /** Reads the phone's answers (bounded) before a start held at start-up or after a wake may ring late: an
   *  "I'm on it" given on the phone meanwhile settles it, and nothing rings. */
  askPhone?: () => Promise<void>;
  /** The next instant the phone rings for a start rung and not acknowledged, if one is due (engine/phone.ts). */
  phoneDueMs?: () => number | undefined;
}

export type IntentResult = { ok: true; message?: string } | { ok: false; message: string };
/** Said to whoever acknowledged when the record of it could not be saved: true, never "something went wrong". */
export const ACK_UNSAVED = "Acknowledged — but it couldn't be saved: it may ring again after a restart.";
/** The same for "Can't" (snooze) and "Can't — find cover": done in this run, not saved (adv52 r16 #2). */
export const SNOOZE_UNSAVED =
  "Snoozed — but it couldn't be saved: it rings again in 5 minutes, and may ring again at once after a restart.";

export interface EngineAlarms {
  start(): Promise<void>;
  /** The data or settings changed: plans again, and releases a hold once every account was heard from. */
  replan(): void;
  /** Woke (resume event) or online again: nothing rings until the next read or the grace. */
  wake(): void;
  intent(intent: AlarmIntent, from: AckSource): Promise<IntentResult>;
  ack(key: string, source: AckSource, atMs?: number): Promise<AckResult>;
  status(nowMs: number): AlarmStatus | null;
  /** Every other alarm ringing now besides `status`'s (two starts at once each ring), and each acknowledged one
   *  while its shift runs. */
  othersRinging(nowMs: number): AlarmStatus[];
  record(key: string): ReturnType<AlarmStore['get']>;
  reloadRecords(): Promise<void>;
  targets(): readonly AlarmTarget[];
  /** Whose a target is and what it rests on, as the alarm says it (the phone's words say the same). */
  about(t: AlarmTarget): AlarmAbout;
  /** Whether this start's alarm rings at the start (or rang): then it is the start's one notice, and the separate
   *  "On call now" is not sent; with 5 min before, only a ring at or after the start (the early one missed). False
   *  when the alarms are not running, or none is planned there (off, handed off, over), so the reminder still comes. */
  takesStart(serviceKey: string, scheduleId: string, startMs: number): boolean;
  stop(): void;
  settled(): Promise<void>;
}

export interface Planned {
  basis: unknown[];
  targets: AlarmTarget[];
}

export const sameList = (a: readonly unknown[], b: readonly unknown[]): boolean =>
  a.length === b.length && a.every((x, i) => Object.is(x, b[i]));

/** What the engine and the phone are given again when it changes (the account naming it too: a mute moves it). */
export const targetsKey = (ts: readonly AlarmTarget[]): string =>
  ts
    .map(
      (t) =>
        `${t.key}|${t.atMs}|${t.endMs}|${t.endUnknown === true}|${t.fromNames.join(',')}|${t.accountName ?? ''}|${t.accountId}`,
    )
    .join('\n');

/** What one run of the alarm part knows; shared by the functions below (split to stay short). */
export interface AlarmsRun {
  store?: AlarmStore;
  engine?: AlarmEngine;
  holdSinceMs: number | undefined;
  lastKey: string;
  /** The phone's targets as last given (those the app will ring). */
  lastPhoneKey: string;
  planned: Map<string, Planned>;
  /** Every target seen this run, and the account that named it (the window's account line). */
  seen: Map<string, { target: AlarmTarget; account: string }>;
  announced: Set<string>;
  cancelPoll?: () => void;
  /** When the read `cancelPoll` stops is due. */
  pollAtMs?: number | undefined;
  stopped: boolean;
  lastReloadMs: number;
  /** When this run began: a read since then decides whose a recorded block is (alarms-kept.ts). */
  startedMs?: number;
  /** `account:schedule` read in this run (alarms-kept.ts): a read decided, even once its data is dropped. */
  decided?: Set<string>;
  /** Kept from the record this run (said once). */
  keptSaid?: boolean;
}

/** Every account's targets now; an account is planned again only when its data, settings or the zone changed. */
