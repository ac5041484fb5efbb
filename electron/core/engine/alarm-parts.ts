// The shift-start alarm and the phone escalation as one engine part: the alarm (alarms.ts) tells the escalator
// (phone.ts) its targets and each acknowledgement, the phone's "I'm on it" acknowledges the alarm, and both add what
// they know to the state: the alarm's "acknowledged 22:01" / "not acknowledged", the PhoneStatus, and two readiness
// lines ("Shift-start alarm: loud ✓", "Phone escalation armed ✓ (tested …, booked for 22:03)").
import { recordSignerOf, signerWithin } from '../storage/record-key';
import type { AlarmIntent } from '../../shared/alarm-view';
import type { PhoneIntent, PhoneResult, PhoneStatus } from '../../shared/phone-intent';
import { accountSilence, nextPauseEndAt } from '../../shared/accounts';
import { remindersFor, serviceSettings, type Account, type Settings } from '../../shared/settings';
import type { AppState, Readiness, ReadinessCheck } from '../../shared/view-state';
import { ringRun, type RingRun } from '../alarm/ring-run';
import type { AlarmSurface } from '../alarm/surface';
import type { AlarmKnowledge } from '../alarm/alarm-claims';
import type { AckSource, AlarmTarget } from '../alarm/types';
import { DEFAULT_START_ALARM } from '../alarm/types';
import { serviceKeyOf } from '../alarm/plan';
import { alarmCheck, phoneCheck } from '../escalation/readiness-checks';
import type { EscalatorStatus } from '../escalation/escalator';
import { CANCELLING } from '../escalation/maybe-held';
import type { Clock, FileStore, Notifier, SecretStore } from '../ports';
import type { NotificationHealthResult } from '../readiness/readiness';
import { judgeStart, startRinger } from '../readiness/silenced';
import type { Notice } from '../storage/settings-store';
import type { AccountSession } from './account-session';
import { createEngineAlarms, type AlarmAccount, type EngineAlarms, type IntentResult } from './alarms';
import { createEnginePhone, type EnginePhone } from './phone';
import { coverScheduleRef } from './alarm-cover';
import type { EngineOptions } from './types';

export interface AlarmPartsOptions {
  clock: Clock;
  files: FileStore;
  notifier: Notifier;
  secrets: SecretStore;
  localZone: () => string;
  log: (message: string) => void;
  sessions: () => AccountSession[];
  settings: () => Settings;
  saveEscalation: (escalation: Settings['escalation']) => Promise<string | undefined>;
  changed: () => void;
  report: (notice: Notice) => void;
  /** The app's state as the tray says it: an alarm states the run it covers from it (alarm/ring-run.ts). */
  state?: () => AppState;
  options: Pick<EngineOptions, 'alarmSurface' | 'openView' | 'platform' | 'phone' | 'alarms'>;
}

export interface AlarmParts {
  start(): Promise<void>;
  replan(): void;
  wake(): void;
  settingsChanged(before: Settings, after: Settings): void;
  alarmIntent(intent: AlarmIntent, from: AckSource): Promise<IntentResult>;
  phoneIntent(intent: PhoneIntent): Promise<PhoneResult>;
  /** Settings → Phone's subscribe link (it names the topic: never in the state). */
  phoneLink(): string | null;
  setSurface(surface: AlarmSurface | undefined): void;
  /** Whether the alarm is this start's notice (the reminders then send no "On call now"). */
  takesStart(baseUrl: string, scheduleId: string, startMs: number): boolean;
  /** An account's state with its start alarm's readiness line, before the accounts are combined. */
  judgeReadiness(state: AppState, account: Account, health: NotificationHealthResult | undefined): AppState;
  /** The state with what the alarm and the phone add (derived again on every change). */
  decorate(state: AppState, nowMs: number, health: NotificationHealthResult | undefined): AppState;
  stop(): void;
  settled(): Promise<void>;
  /** Reads alarms.json again (found changed while the app runs: owed-records.ts) and merges it with what is held. */
  reloadRecords(): Promise<void>;
}

/** The state with what the alarm and the phone add: their status, and the phone's readiness line (the alarm's is
 *  each account's, judged before the accounts are combined: withAlarmCheck). */
function decorate(
  o: AlarmPartsOptions,
  alarms: EngineAlarms,
  phone: EnginePhone,
  state: AppState,
  nowMs: number,
): AppState {
  const readiness = state.me.readiness;
  const status = phone.status();
  // A schedule still loading has no target yet, so nothing of it is booked: said, never "booked" (adv50 r6).
  const books = status.booking === 'booked' || status.booking === 'none' || status.booking === 'unknown';
  const loading = books ? state.schedules.filter((s) => s.status.kind === 'loading').map((s) => s.name) : [];
  // The alarm's line is each account's, already in (withAlarmCheck); the phone is one for the app.
  const withChecks = readiness && {
    ...readiness,
    checks: [...readiness.checks, phoneReadinessCheck(o, phone, readiness.shift, nowMs, loading)],
  };
  return {
    ...state,
    me: { ...state.me, ...(withChecks ? { readiness: withChecks } : {}) },
    ...phoneSaid(alarms.status(nowMs), alarms.othersRinging(nowMs), phone.readiness().status?.unsent),
    phone: { ...status, ...stillRingOf(state, status.stillRing), ...(loading.length > 0 ? { loading } : {}) },
  };
}

/** A booking no target wants any more is "no longer mine" only where no shift of mine holds its start: one still
 *  mine is unwanted because its reminders are muted or paused (the escalator can't tell the two apart). */
function stillRingOf(state: AppState, still: PhoneStatus['stillRing']): Pick<PhoneStatus, 'stillRing'> {
  if (!still) return {};
  const mine = (key: string): boolean => {
    const [, scheduleId, start] = /:([^:]+):(\d{4}-\d\d-\d\dT[\d:.]+Z)$/.exec(key) ?? [];
    const atMs = Date.parse(start ?? '');
    return state.me.shifts.some(
      (s) => s.scheduleId === scheduleId && Date.parse(s.start) <= atMs && atMs < Date.parse(s.end),
    );
  };
  return { stillRing: still.map((s) => (s.why === 'not-mine' && mine(s.key) ? { ...s, why: 'silenced' } : s)) };
}

/** Each alarm waiting for its acknowledgement with the words of its phone alert that did not go out, so the glance
 *  says it beside that alarm's line (adv49 r33 F1: only the next shift's readiness spoke of the phone). */
function phoneSaid(
  alarm: AppState['alarm'],
  others: AppState['otherAlarms'],
  unsent: EscalatorStatus['unsent'],
): Pick<AppState, 'alarm' | 'otherAlarms'> {
  const words = new Map((unsent ?? []).map((u) => [u.key, u.words]));
  const said = <A extends NonNullable<AppState['alarm']>>(a: A): A => {
    const phone = a.ackedAt === null && !a.passedUnrung ? words.get(a.key) : undefined;
    return phone === undefined ? a : { ...a, phone: phone.said, phoneMiss: phone.miss };
  };
  return { alarm: alarm && said(alarm), ...othersOf(others?.map(said)) };
}

/** Alarms ringing beside the one stated first, only when there are any (the state stays as it was otherwise). */
const othersOf = (others: AppState['otherAlarms']) => (others && others.length > 0 ? { otherAlarms: others } : {});

/** An account's readiness with its start alarm's line, judged on its own state before the accounts are combined
 *  (combine.ts ReadinessJudge), so every account's alarm at a start is in the one statement every surface words. */
function withAlarmCheck(
  o: AlarmPartsOptions,
  state: AppState,
  account: Account,
  health: NotificationHealthResult | undefined,
): AppState {
  const readiness = state.me.readiness;
  if (!readiness) return state;
  const check = startAlarmCheck(o, state, { ...readiness.shift, accountId: account.id }, health);
  return { ...state, me: { ...state.me, readiness: { ...readiness, checks: [...readiness.checks, check] } } };
}

function startAlarmCheck(
  o: AlarmPartsOptions,
  state: AppState,
  shift: Readiness['shift'],
  health: NotificationHealthResult | undefined,
): ReadinessCheck {
  const settings = o.settings();
  const account = settings.accounts.find((a) => a.id === shift.accountId);
  // Muting an account silences its start alarm too, unless another account watching the schedule rings it: judged
  // by the alarm engine's own rule (`startRinger`), and the line names the account that rings.
  const j = judgeStart(state, settings.accounts, shift);
  // The choice that decides is the ringing account's, under the schedule's service id, as the alarm plans it
  // (alarm-teller.ts). Before, the shift's own account was asked under its ref ("work:sch_ops"), which no choice
  // is kept under: "loud ✓" for a start whose alarm Work had set off (issue 47).
  const teller = j.ringer ?? account;
  const service = teller ? serviceSettings(settings, teller) : undefined;
  const startAlarm = (service && remindersFor(service, j.serviceScheduleId).startAlarm) ?? DEFAULT_START_ALARM;
  const silencedBy =
    account && j.own && !j.ringer && `${account.label}'s reminders are ${j.own === 'muted' ? 'muted' : 'paused'}`;
  return alarmCheck({
    platform: o.options.platform ?? process.platform,
    startAlarm,
    notifications: health,
    ...(silencedBy ? { silencedBy } : {}),
    ...(j.shared && j.ringer ? { ringsThrough: j.ringer.label } : {}),
  });
}

/** The phone's line: the app's one escalation, said once for the start the combined readiness is about. */
function phoneReadinessCheck(
  o: AlarmPartsOptions,
  phone: EnginePhone,
  shift: Readiness['shift'],
  nowMs: number,
  loading: readonly string[],
): ReadinessCheck {
  const p = phone.readiness();
  return phoneCheck({
    settings: o.settings().escalation,
    hasSecrets: p.hasSecrets,
    status: p.status && unstated(p.status, Date.parse(shift.start)),
    testedAtMs: p.testedAtMs,
    ...(loading.length > 0 ? { loading } : {}),
    shiftStartMs: Date.parse(shift.start),
    nowMs,
    localZone: o.localZone(),
  });
}

/** The phone's status without the cancel that hasn't gone through when it is said on its own ("Your phone may still
 *  ring at 09:03 for the Ops shift you no longer have"): it is no problem of this shift's readiness (adv50 r8 #3:
 *  "Not ready for your shift at Wed 10:00 — Phone escalation: your phone may still ring…" for today's shift). */
function unstated(status: EscalatorStatus, shiftStartMs: number): EscalatorStatus {
  // An alert lost for an earlier start is that start's (said in Settings → Phone), not the next shift's readiness
  // (adv50 r14: "Not ready for your shift at Wed 10:00 — Phone escalation: … may not have reached your phone").
  const earlier = status.problemStartMs !== undefined && status.problemStartMs < shiftStartMs;
  if (!earlier && (!status.stillRing?.length || !status.problem?.startsWith(CANCELLING))) return status;
  const { problem: _said, laterProblem, ...rest } = status;
  // What fails for later starts too (a booking that didn't land, the channel failing now) stays this shift's.
  return earlier && laterProblem ? { ...rest, problem: laterProblem } : rest;
}

/** Muted or paused (not told by an earlier account of the same service). */
function ownSilence(accounts: Parameters<typeof accountSilence>[0], accountId: string, atMs: number): boolean {
  const why = accountSilence(accounts, accountId, atMs)?.kind;
  return why === 'muted' || why === 'paused';
}

/** Each session as the alarm reads it: its data, its record of blocks it had as mine (alarms-kept.ts), its silence. */
const alarmAccountsOf = (o: AlarmPartsOptions): AlarmAccount[] =>
  o.sessions().map((s) => ({
    name: s.account().label,
    ...s.shown(),
    recorded: () => s.recordedMine(),
    // Muted or paused on its own (quiet hours and the app's pause never silence the alarm). The alarm is one per
    // start for every account (its key): it rings iff any account watching it is neither (adv50 r7 #2).
    silenced: () => ownSilence(o.settings().accounts, s.account().id, o.clock.now()),
    silentAt: (atMs) => ownSilence(o.settings().accounts, s.account().id, Math.max(atMs, o.clock.now())),
  }));

/** Each account as the phone checks its record against (issue 52), with the blocks it recorded as mine: the end of
 *  a block an alert was for, after a restart (escalation/front-acks.ts). */
const knowledgeOf = (o: AlarmPartsOptions): AlarmKnowledge[] =>
  o.sessions().map((s) => ({ settings: s.known().settings, snapshot: s.known().snapshot, recorded: s.recordedMine() }));

/** The run a ring covers, from the state the tray words (one statement of it for every surface). */
const ringRunFrom =
  (state: () => AppState, clock: Clock) =>
  (t: AlarmTarget): RingRun | undefined =>
    ringRun(state(), t, clock.now());

export function createAlarmParts(o: AlarmPartsOptions): AlarmParts {
  let surface = o.options.alarmSurface;
  const alarms = createEngineAlarms({
    clock: o.clock,
    files: o.files,
    notifier: o.notifier,
    surface: () => surface,
    localZone: o.localZone,
    log: o.log,
    changed: o.changed,
    report: o.report,
    signer: () => signerWithin(() => recordSignerOf(o.secrets, o.report, () => o.clock.now()), o.clock),
    accounts: () => alarmAccountsOf(o),
    ...(o.state ? { coverOf: ringRunFrom(o.state, o.clock) } : {}),
    ringerOf: (ids, atMs) => startRinger(o.settings().accounts, ids, atMs)?.id,
    pauseEndsMs: () => nextPauseEndAt(o.settings().accounts, o.clock.now()) ?? undefined,
    findCover: (t) =>
      o.options.openView?.('swap', {
        scheduleId: coverScheduleRef(o.settings(), t),
        start: new Date(t.startMs).toISOString(),
        end: new Date(t.endMs).toISOString(),
      }),
    targetsChanged: (targets) => phone.setTargets(targets),
    acknowledged: (key) => phone.acknowledged(key),
    rang: () => phone.look(),
    askPhone: () => phone.checkAcks(),
    phoneDueMs: () => phone.nextAlertMs(),
  });
  const phone = createEnginePhone({
    clock: o.clock,
    files: o.files,
    secrets: o.secrets,
    localZone: o.localZone,
    log: o.log,
    settings: () => o.settings().escalation,
    save: o.saveEscalation,
    alarm: (key) => alarms.record(key),
    refreshAlarms: () => alarms.reloadRecords(),
    phoneAck: (key, atMs) => void alarms.ack(key, 'phone', atMs),
    about: (t) => alarms.about(t),
    changed: o.changed,
    report: o.report,
    known: () => knowledgeOf(o),
    ...(o.options.phone ?? {}),
  });

  return {
    async start() {
      if (o.options.alarms === false) return;
      await alarms.start();
      await phone.start();
    },
    replan: () => alarms.replan(),
    // A timer armed before the sleep is carried past the wake: the phone's send is planned again by the wall clock.
    wake: () => (alarms.wake(), phone.look(true)),
    settingsChanged(before, after) {
      // By value: a save of other settings (quiet hours) makes a new settings object with the same phone settings.
      if (JSON.stringify(before.escalation) !== JSON.stringify(after.escalation)) phone.settingsChanged();
    },
    alarmIntent: (intent, from) => alarms.intent(intent, from),
    phoneIntent: (intent) => phone.intent(intent),
    phoneLink: () => phone.subscribeLink(),
    setSurface: (s) => void (surface = s),
    // Alarms turned off for this run (options) never ring, so they take no start.
    takesStart: (baseUrl, id, startMs) =>
      o.options.alarms !== false && alarms.takesStart(serviceKeyOf(baseUrl), id, startMs),
    judgeReadiness: (state, account, health) => withAlarmCheck(o, state, account, health),
    decorate: (state, nowMs) => decorate(o, alarms, phone, state, nowMs),
    stop() {
      alarms.stop();
      phone.stop();
    },
    reloadRecords: () => alarms.reloadRecords(),
    async settled() {
      await alarms.settled();
      await phone.settled();
    },
  };
}
