// The core engine's public surface, used by the composition root, the IPC adapter, the headless status command
// and the renderer test host. Every renderer intent maps to one handler here (window/external ones live in adapters).
import type { ClientOptions, OncallClient } from '../../api/client-types';
import type { EngineChannel, RequestOf, ResponseOf } from '../../shared/ipc-contract';
import type { AppState } from '../../shared/view-state';
import type { Clock, FileStore, LoginItem, Notifier, SecretStore } from '../ports';
import type { NotificationHealthResult } from '../readiness/readiness';
import type { HandoffChannel } from '../handoff/handlers';
import type { AlarmIntent } from '../../shared/alarm-view';
import type { PhoneIntent, PhoneResult } from '../../shared/phone-intent';
import type { ViewName } from '../../shared/ipc-contract';
import type { AlarmSurface } from '../alarm/surface';
import type { HttpSend } from '../escalation/http';
import type { HttpStream } from '../escalation/http-stream';

/** One per `handler: 'engine'` entry of the contract: a new one without its handler fails compilation in handlers.ts. */
export type EngineHandlers = { [C in EngineChannel]: (request: RequestOf<C>) => Promise<ResponseOf<C>> };
/** Answered by the accounts' sessions; the away-mode channels (core/handoff) are answered once for all. */
export type AccountEngineHandlers = Omit<EngineHandlers, HandoffChannel>;

export type PowerEvent = 'suspend' | 'resume' | 'lock-screen' | 'unlock-screen';

export interface EngineOptions {
  clock: Clock;
  secrets: SecretStore;
  notifier: Notifier;
  files: FileStore;
  /** For scripts and demo mode: replace stored settings/keychain without persisting them. */
  overrides?: {
    baseUrl?: string;
    /** The key of the one account (ONCALL_API_KEY); with several it is not used (each has ONCALL_API_KEY_<ID>). */
    apiKey?: string;
    /** Keys by variable name (ONCALL_API_KEY_<ID>, shared/accounts.ts accountKeyVariable), for several accounts. */
    apiKeys?: Readonly<Record<string, string>>;
    email?: string;
    scheduleIds?: string[];
    /** Only these accounts (`status --account`). */
    accountIds?: string[];
    demo?: boolean;
  };
  /** Defaults to the real client; tests may wrap it to count requests. */
  createClient?: (options: ClientOptions) => OncallClient;
  /** Diagnostic log; never receives the key. */
  log?: (message: string) => void;
  /**
   * The local zone used for formatting in notifications, the tray and quiet hours: the caller's to say (main follows
   * the OS, the CLI asks Intl), never guessed here. A function is read each time reminders are planned or judged,
   * so a zone change (travel) rebuilds the plan in the new zone's times.
   */
  localZone: string | (() => string);
  /** Days of shifts sync reads ahead (default: the settings'; never fewer): the status command's --ics asks for more. */
  horizonDays?: number;
  /** Whether settings may start the calendar feed server (default true); the status command never serves it. */
  serveCalendarFeed?: boolean;
  /** The polling jitter's source (default Math.random); simulations seed it so a run can be repeated exactly. */
  random?: () => number;
  /** After a hand-off write with no answer, how long to let a slow server finish before looking again (default 3 s). */
  verifyGraceMs?: number;
  /** How soon a hand-off item whose outcome couldn't be checked is looked for again (default RECHECK_MS, 15 s). */
  handoffRecheckMs?: number;
  /** Asks the platform whether notifications can be shown (readiness before a shift); absent: "not checked". */
  notificationHealth?: () => Promise<NotificationHealthResult>;
  /** Where a ringing shift-start alarm is shown besides its notification (the alarm window); absent: only the
   *  notification rings (the CLI, tests that don't look). `setAlarmSurface` sets it later. */
  alarmSurface?: AlarmSurface;
  /** Whether the shift-start alarm and the phone escalation run (default true); `status` never rings nor books. */
  alarms?: boolean;
  /** Whether a hand-off the last run left open resumes at start (default true); `status` is a look and acts on no
   *  saved plan (adv52 r33: its re-reads tripled the command's requests). */
  resumeHandoff?: boolean;
  /** Opens a window (the alarm's "Can't — find cover" opens Ask for cover / take over); absent: nothing opens. */
  openView?: (view: ViewName, params?: Record<string, string>) => void;
  /** The OS's Start at login: a Save that keeps it on asks again while the OS's refusal is known (absent: never
   *  asked, as in the demo and the CLI). */
  loginItem?: LoginItem;
  /** The OS the alarm's readiness line speaks of (default: this process's). */
  platform?: NodeJS.Platform;
  /** Phone escalation's outside world, for tests: HTTP (a loopback stand-in), Pushover's address, Send test's wait. */
  phone?: { send?: HttpSend; stream?: HttpStream; pushoverApi?: string; testWaitMs?: number };
}

/** An alarm intent's answer (never throws). */
export type AlarmIntentResult = { ok: true; message?: string } | { ok: false; message: string };

export interface Engine {
  /** Loads settings, cache and fired reminders, serves cached state at once, then starts syncing. */
  start(): Promise<void>;
  /** Stops timers and flushes the cache; idempotent. */
  stop(): Promise<void>;
  getState(): AppState;
  /** Called only when the state really changed. Returns an unsubscribe function. */
  subscribe(listener: (state: AppState) => void): () => void;
  handlers: EngineHandlers;
  /** My on-call blocks `days` ahead as an RFC 5545 calendar, from the data sync has (export record kept). */
  calendar(days: number): Promise<string>;
  power(event: PowerEvent): void;
  network(online: boolean): void;
  /** The status popover was shown: the readiness check runs again if my next shift is within a day. */
  popoverOpened(): void;
  /** Why Start at login is not what Settings asks, as the OS answered the shell (undefined: it took): readiness'
   *  autostart check is judged from it, not from the setting alone (adv49 r35 F1). */
  loginProblem(problem: string | undefined): void;
  /** A system notification failed, or was shown after one failed: readiness asks the platform again at once. */
  notificationsChanged(): void;
  /** Resolves when the readiness checks started so far have their answer in the state (`status` waits for it). */
  checksSettled(): Promise<void>;
  /** Resolves when the hand-off's operations started so far are done (resume after start included). */
  handoffIdle(): Promise<void>;
  /** The alarm window's (or the tray's, or the notification's) intent: acknowledge, snooze, find cover, test. */
  alarmIntent(intent: AlarmIntent, from?: 'window' | 'tray' | 'notification'): Promise<AlarmIntentResult>;
  /** Settings → Phone: save (settings, secrets), a new topic, send a test (waits for the phone's answer). */
  phoneIntent(intent: PhoneIntent): Promise<PhoneResult>;
  /** ntfy's subscribe link for Settings → Phone alone (it names the topic, a secret: never in the state, the logs or
   *  status --json); null when there is none. */
  phoneLink(): string | null;
  setAlarmSurface(surface: AlarmSurface | undefined): void;
  /** Resolves when the alarm's record writes and the phone's requests started so far are done. */
  alarmsSettled(): Promise<void>;
}
