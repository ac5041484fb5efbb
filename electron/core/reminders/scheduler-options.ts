// What a reminder scheduler is given, and its timings; apart from ./scheduler so its steps (./scheduler-run) can
// read them without an import cycle.
import type { BlockSpan } from '../../shared/on-call-run';
import type { Basis } from '../../shared/basis';
import type { ServiceSettings } from '../../shared/settings';
import type { Clock, Notifier } from '../ports';
import type { FiredStore, HeldMessage } from '../storage/fired-store';
import type { ConfirmSource } from './confirm';

export const REMINDER_GRACE_MS = 60_000;
/**
 * Re-judge at least this often while reminders are planned, so a sleep without a resume event is noticed within
 * 90 s of waking (timers run on a clock that stops in suspend: one armed before the sleep fires late by its
 * length). Ten minutes let a 15-min lead slept through go unnoticed past the start; a minute would cost 60
 * wake-ups an hour on its own (the idle budget is 70, sync included).
 */
export const MAX_TIMER_MS = 90_000;
/** How long held reminders wait for the first sync after a wake or restart before speaking from saved data. */
export const HOLD_GRACE_MS = 30_000;

export interface ReminderSchedulerOptions {
  clock: Clock;
  notifier: Notifier;
  firedStore: FiredStore;
  /** The local zone, read at each judgement so a catch-up after travel reads in the new zone. */
  localZone: string | (() => string);
  locale?: string;
  /** How late a reminder may be and still be shown as planned; default 60 s. */
  graceMs?: number;
  /** When a schedule's data was last confirmed by the service (epoch ms), for "According to saved data". */
  knownAtMs?: (scheduleId: string) => number | undefined;
  /**
   * Due shift reminders wait (briefly) for their schedule to be read at their instant; a failed read since the
   * last confirmation makes them say they rest on saved data. Without it, reminders speak from the data they have.
   */
  confirm?: ConfirmSource;
  /** Data confirmed longer ago than this is saved data even without a sleep (the service failing meanwhile). */
  staleAfterMs?: () => number | undefined;
  /**
   * The scheduler noticed a sleep by itself (no resume event). `awakeSinceMs`: every instant after it is after the
   * sleep. Answer 'known' when the data was already read after it (the catch-up is judged at once), else sync.
   */
  onWake?: (awakeSinceMs: number) => 'known' | 'syncing';
  /** Runs before each judgement (the engine re-plans there when the machine's zone changed). */
  beforeJudge?: () => void;
  /** Quiet hours and pause, read at each judgement. */
  quiet?: () => Pick<ServiceSettings, 'quietHours' | 'pausedUntil'> | undefined;
  /** Whether a held message (e.g. a coverage request) is still worth telling when quiet time ends. */
  stillTrue?: (held: HeldMessage) => boolean;
  /** The held messages as they are true now: held changes restated from what is known (./held-restate). */
  restate?: (held: readonly HeldMessage[], nowMs: number) => HeldMessage[];
  /** Whether a held message waits on past quiet time (a coverage request not known to ask me now). */
  waits?: (held: HeldMessage, nowMs: number) => boolean;
  /** When the account's coverage requests are saved data now (their latest read failed since), that data's time:
   *  a held request is then shown saying so. */
  coverageSavedAtMs?: () => number | undefined;
  /** Whether the account is muted or paused now: what falls due passes unshown (delivery.ts). */
  silenced?: () => boolean;
  /** Whether the shift-start alarm rings for this start: its "On call now" is then not said (delivery.ts). */
  alarmTakesStart?: (scheduleId: string, startMs: number) => boolean;
  /** Whether my on-call time (every account's blocks) goes on past this end: then it is no end, and "Shift ended"
   *  is not said for it (shared/on-call-run.ts goesOnPast). */
  onCallGoesOnPast?: (endMs: number) => boolean;
  /** Every block of mine as known, on every schedule of every account (the blocks `onCallGoesOnPast` asks): what a
   *  change notice or correction asks before saying I am not on call then (shared/on-call-run.ts). */
  myBlocks?: () => readonly BlockSpan[];
  /** What "not on call" over a time rests on across every watched schedule (shared/off-call-basis.ts). */
  offCallBasis?: (fromMs: number, toMs: number, scheduleId: string) => Basis;
  log?: (message: string) => void;
}
