// The shift-start alarm in the engine (issue 50): after each sync its targets are planned from every account's data
// (one per shift start on a service: two accounts watching it share the key), rung through the loud notification and
// the alarm window (alarm-ring.ts), and settled by the first acknowledgement from anywhere. Like the reminders it
// holds at start and on every wake until each account's schedules were read again (or the alarm engine's grace ends),
// so a shift handed off while the laptop slept never rings from the data of before. Quiet hours and pause are never
// asked. `status --ack` writes alarms.json from another process: while an alarm waits for an answer the file is read
// again every few seconds, so the window closes and the phone stays quiet.
import type { AlarmIntent } from '../../shared/alarm-view';
import type { AlarmStatus } from '../../shared/phone-intent';
import type { ServiceSettings } from '../../shared/settings';
import type { AlarmKnowledge } from '../alarm/alarm-claims';
import { loadAlarmStore, type AlarmStore } from '../alarm/alarm-store';
import { createAlarmEngine, type AckResult, type AlarmEngine } from '../alarm/engine';
import { planAlarms, serviceKeyOf } from '../alarm/plan';
import type { AlarmSurface } from '../alarm/surface';
import type { AckSource, AlarmRecord, AlarmTarget } from '../alarm/types';
import type { AlarmAbout } from '../alarm/words';
import type { Snapshot } from '../model/snapshot';
import type { Notice } from '../storage/settings-store';
import type { Clock, FileStore, Notifier } from '../ports';
import { createAlarmRing } from './alarm-ring';
import { heardFromAll, savedDataAtMs } from './reminders';

/** While an alarm rings (its first 10 min, the window's), alarms.json is read again this often
 *  (an acknowledgement from a terminal); later, at each sync. */
export const ACK_FILE_POLL_MS = 15_000;
const POLL_FOR_MS = 10 * 60_000;
/** …and at a sync at most this often. */
const ACK_FILE_SYNC_READ_MS = 60_000;

export interface AlarmAccount {
  /** The account's name on the window. */
  name: string;
  snapshot: Snapshot;
  settings: ServiceSettings;
  /** Muted or paused on its own now (the start reminders' rule): its alarms pass unrung. */
  silenced?: () => boolean;
  /** Muted, or paused past `atMs` (an alarm's time): its alarm due then will pass unrung, so the phone books nothing
   *  for it. */
  silentAt?: (atMs: number) => boolean;
}

export interface AlarmsWiring {
  clock: Clock;
  files: FileStore;
  notifier: Notifier;
  surface: () => AlarmSurface | undefined;
  localZone: () => string;
  log: (message: string) => void;
  accounts: () => AlarmAccount[];
  /** What the alarm shows changed (rang, acknowledged): the state is derived again. */
  changed: () => void;
  /** "Can't — find cover": Ask for cover / take over for that shift. */
  findCover: (target: AlarmTarget) => void;
  report: (notice: Notice) => void;
  /** The targets changed (escalation books or cancels after them). */
  targetsChanged?: (targets: readonly AlarmTarget[]) => void;
  /** The first acknowledgement of an alarm, from wherever (escalation cancels what it booked). */
  acknowledged?: (key: string) => void;
  /** Reads the phone's answers (bounded) before a start held at start-up or after a wake may ring late: an
   *  "I'm on it" given on the phone meanwhile settles it, and nothing rings. */
  askPhone?: () => Promise<void>;
}

export type IntentResult = { ok: true; message?: string } | { ok: false; message: string };
/** Said to whoever acknowledged when the record of it could not be saved: true, never "something went wrong". */
export const ACK_UNSAVED = "Acknowledged — but it couldn't be saved: it may ring again after a restart.";

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
   *  "On call now" is not sent. False when the alarms are not running, or none is planned there (off, 5 min before,
   *  handed off, over), so the reminder still comes. */
  takesStart(serviceKey: string, scheduleId: string, startMs: number): boolean;
  stop(): void;
  settled(): Promise<void>;
}

interface Planned {
  basis: unknown[];
  targets: AlarmTarget[];
}

const sameList = (a: readonly unknown[], b: readonly unknown[]): boolean =>
  a.length === b.length && a.every((x, i) => Object.is(x, b[i]));

const targetsKey = (ts: readonly AlarmTarget[]): string =>
  ts.map((t) => `${t.key}|${t.atMs}|${t.endMs}|${t.endUnknown === true}|${t.fromNames.join(',')}`).join('\n');

/** What one run of the alarm part knows; shared by the functions below (split to stay short). */
interface AlarmsRun {
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
  stopped: boolean;
  lastReloadMs: number;
}

/** Every account's targets now; an account is planned again only when its data, settings or the zone changed. */
function targetsNow(w: AlarmsWiring, r: AlarmsRun): AlarmTarget[] {
  const nowMs = w.clock.now();
  const zone = w.localZone();
  const accounts = w.accounts();
  // With several accounts each alarm names its account (alarm/words.ts, the tray's line, the phone).
  const several = accounts.length > 1;
  return accounts.flatMap((a) => {
    const id = `${a.settings.accountId}`;
    const basis = [zone, a.snapshot, a.settings, several, a.name];
    const kept = r.planned.get(id);
    if (kept && sameList(kept.basis, basis)) return kept.targets;
    const serviceKey = serviceKeyOf(a.settings.baseUrl);
    const planned = planAlarms({ snapshot: a.snapshot, settings: a.settings, nowMs, localZone: zone, serviceKey });
    const targets = several ? planned.map((t) => ({ ...t, accountName: a.name })) : planned;
    r.planned.set(id, { basis, targets });
    for (const t of targets) if (!r.seen.has(t.key)) r.seen.set(t.key, { target: t, account: a.name });
    return targets;
  });
}

/** When the target's shift is saved data now, when it was read: undefined while any account naming it has it
 *  fresh (an earlier read kept over a hole is saved data from then). */
function savedAtOf(w: AlarmsWiring, r: AlarmsRun, t: AlarmTarget): number | undefined {
  const nowMs = w.clock.now();
  const from = w.accounts().flatMap((a) => {
    const own = r.planned.get(`${a.settings.accountId}`)?.targets.find((x) => x.key === t.key);
    return own ? [own.keptReadAtMs ?? savedDataAtMs(a.snapshot, a.settings, t.scheduleId, nowMs)] : [];
  });
  return from.length === 0 || from.includes(undefined) ? t.keptReadAtMs : Math.max(...from.map((ms) => ms ?? 0));
}

/** Every account naming the target is silenced now (one still speaking rings it for all). */
function silencedFor(w: AlarmsWiring, r: AlarmsRun, t: AlarmTarget): boolean {
  const naming = w
    .accounts()
    .filter((a) => r.planned.get(`${a.settings.accountId}`)?.targets.some((x) => x.key === t.key));
  return naming.length > 0 && naming.every((a) => a.silenced?.() === true);
}

/** Every account naming the target is silent at its alarm's time, and it has not rung: it will pass unrung. */
function silentFor(w: AlarmsWiring, r: AlarmsRun, t: AlarmTarget): boolean {
  if (r.store?.get(t.key)?.rungAtMs !== undefined) return false;
  const naming = w
    .accounts()
    .filter((a) => r.planned.get(`${a.settings.accountId}`)?.targets.some((x) => x.key === t.key));
  return naming.length > 0 && naming.every((a) => a.silentAt?.(t.atMs) === true);
}

/** The start reminders' per-account silence for the alarm engine: what falls due then passes, settled for good. */
const silence = (w: AlarmsWiring, r: AlarmsRun, settledBy: (key: string) => void) => ({
  silenced: (t: AlarmTarget) => silencedFor(w, r, t),
  passed: (t: AlarmTarget) => settledBy(t.key),
});

/** When each alarm that rang and still waits for its answer (its shift on) rang. */
function waitingRungMs(r: AlarmsRun, nowMs: number): number[] {
  return (r.engine?.targets() ?? []).flatMap((t) => {
    const rec = r.store?.get(t.key);
    if (rec?.rungAtMs === undefined || rec.ackedAtMs !== undefined || rec.passedAtMs !== undefined) return [];
    return t.endMs > nowMs ? [rec.rungAtMs] : [];
  });
}

/** Reads alarms.json again while some alarm waits for its answer (`status --ack` may have given it). */
function ackFilePoll(w: AlarmsWiring, r: AlarmsRun, settledBy: (key: string) => void) {
  async function reload(): Promise<void> {
    const { store, engine } = r;
    if (!store || !engine) return;
    await store.reload().catch((e: unknown) => w.log(`alarm records: ${String(e)}`));
    for (const t of engine.targets()) if (store.get(t.key)?.ackedAtMs !== undefined) settledBy(t.key);
  }
  function arm(): void {
    r.cancelPoll?.();
    r.cancelPoll = undefined;
    if (!r.engine || !r.store || r.stopped) return;
    const nowMs = w.clock.now();
    if (waitingRungMs(r, nowMs).some((rungMs) => nowMs - rungMs < POLL_FOR_MS))
      r.cancelPoll = w.clock.setTimer(ACK_FILE_POLL_MS, () => void reload().then(arm));
  }
  /** After its first 10 min, an alarm still waiting takes in a terminal's acknowledgement at each sync. */
  function afterSync(): void {
    const nowMs = w.clock.now();
    if (!r.cancelPoll && nowMs - r.lastReloadMs >= ACK_FILE_SYNC_READ_MS && waitingRungMs(r, nowMs).length > 0) {
      r.lastReloadMs = nowMs;
      void reload();
    }
    arm();
  }
  return { reload, arm, afterSync };
}

/** Plans again (the targets go to the alarm engine and the escalation only when changed) and releases the hold
 *  once every account was heard from since it began. */
function replanAlarms(w: AlarmsWiring, r: AlarmsRun, poll: ReturnType<typeof ackFilePoll>): void {
  const { engine } = r;
  if (!engine || r.stopped) return;
  const targets = targetsNow(w, r);
  const key = targetsKey(targets);
  if (key !== r.lastKey) {
    r.lastKey = key;
    engine.setTargets(targets);
  } else engine.check(); // a mute (settings only) stops an alarm ringing now

  // A start the app won't ring (muted, paused past it) is not booked on the phone either: one booked is cancelled at
  // the mute, booked again at the unmute. Before, it stayed booked and rang the phone if the laptop slept at the start
  // while readiness said "no alarm will come". One that rang already stays (its answer is still awaited).
  const phoneTargets = engine.targets().filter((t) => !silentFor(w, r, t));
  const phoneKey = targetsKey(phoneTargets);
  if (phoneKey !== r.lastPhoneKey) {
    r.lastPhoneKey = phoneKey;
    w.targetsChanged?.(phoneTargets);
  }
  const since = r.holdSinceMs;
  if (since !== undefined && w.accounts().every((a) => heardFromAll(a.snapshot, since, true))) {
    r.holdSinceMs = undefined;
    // The phone first: an answer given there while asleep or not running settles the alarm before it could ring.
    const asked = w.askPhone?.().catch((e: unknown) => w.log(`alarm: the phone's answers: ${String(e)}`));
    // A wake meanwhile holds again (holdSinceMs set): that hold is released by its own read.
    if (asked) void asked.then(() => r.holdSinceMs === undefined && engine.release());
    else engine.release();
  }
  poll.afterSync();
}

async function intentOf(
  w: AlarmsWiring,
  r: AlarmsRun,
  ring: ReturnType<typeof createAlarmRing>,
  i: AlarmIntent,
  from: AckSource,
): Promise<IntentResult> {
  if (i.kind === 'test') return (ring.test(), { ok: true });
  if (ring.isTest(i.key)) return (ring.silence(i.key), { ok: true });
  const { engine } = r;
  if (!engine) return { ok: false, message: 'The alarm is not started yet.' };
  if (i.kind === 'ack') {
    const acked = await engine.ack(i.key, from);
    if (acked === 'unknown') return { ok: false, message: 'This alarm is no longer known to the app.' };
    return acked === 'unsaved' ? { ok: true, message: ACK_UNSAVED } : { ok: true };
  }
  const target = r.seen.get(i.key)?.target;
  // "Can't": not an acknowledgement; it rings again in 5 min unless the shift was handed off by then.
  const snoozed = await engine.snooze(i.key);
  if (i.kind === 'find-cover') {
    if (!target) return { ok: false, message: 'This alarm is no longer known to the app.' };
    w.findCover(target);
    return { ok: true };
  }
  return snoozed ? { ok: true } : { ok: false, message: 'This alarm is not ringing: there is nothing to snooze.' };
}

/** The account naming an alarm now, while there are several (a removed account's name is never shown again). */
function accountNow(w: AlarmsWiring, r: AlarmsRun, key: string): { accountName?: string } {
  const accounts = w.accounts();
  if (accounts.length < 2) return {};
  const a = accounts.find((x) => r.planned.get(`${x.settings.accountId}`)?.targets.some((t) => t.key === key));
  // A start no longer planned (it rang, then was handed off): the account that named it, while it is still there.
  const seen = r.seen.get(key)?.account;
  const name = a?.name ?? accounts.find((x) => x.name === seen)?.name;
  return name === undefined ? {} : { accountName: name };
}

function statusOf(w: AlarmsWiring, r: AlarmsRun, nowMs: number): AlarmStatus | null {
  return statusesOf(w, r, nowMs)[0] ?? null;
}

/** The alarms besides the one `statusOf` states (issue 47, round 2: the tray stated one of two): each ringing, and
 *  each acknowledged while its shift runs (issue 49, round 4: an acknowledged second alarm left no line at all). */
function othersRinging(w: AlarmsWiring, r: AlarmsRun, nowMs: number): AlarmStatus[] {
  const running = new Set((r.engine?.targets() ?? []).filter((t) => t.endMs > nowMs).map((t) => t.key));
  return statusesOf(w, r, nowMs)
    .slice(1)
    .filter((s) => s.ringing || (s.ackedAt !== null && running.has(s.key)));
}

/** The current starts' and the rung ones' alarms, the one the tray and popover state first. */
function statusesOf(w: AlarmsWiring, r: AlarmsRun, nowMs: number): AlarmStatus[] {
  const { store, engine } = r;
  if (!store) return [];
  // The current start (rung or due), else the last one this run knew of that rang. Each as the data says now.
  const live = new Map((engine?.targets() ?? []).map((t) => [t.key, t]));
  const known = [...r.seen.values()].map((s) => s.target).filter((t) => t.atMs <= nowMs);
  const passed = (t: AlarmTarget) => store.get(t.key)?.passedAtMs !== undefined;
  const current = known.filter((t) => (live.get(t.key)?.endMs ?? 0) > nowMs && !passed(t));
  // Handed off (no longer planned, or cut short, before its planned end): no "not acknowledged" for a shift no
  // longer mine; one acknowledged still says when.
  const handedOff = (t: AlarmTarget) => {
    const now = live.get(t.key);
    return now ? now.endMs < t.endMs && now.endMs <= nowMs : t.endMs > nowMs;
  };
  const rang = known.filter(
    (t) => store.get(t.key)?.rungAtMs !== undefined && (store.get(t.key)?.ackedAtMs !== undefined || !handedOff(t)),
  );
  const sorted = (ts: AlarmTarget[]) => ts.sort((a, b) => b.startMs - a.startMs);
  const keys = new Set<string>();
  return [...sorted(current), ...sorted(rang)]
    .filter((t) => !keys.has(t.key) && keys.add(t.key))
    .map((picked) => {
      const t = live.get(picked.key) ?? picked;
      return alarmStatus(t, store.get(t.key), accountNow(w, r, t.key).accountName, nowMs);
    });
}

/** Where a target's alarm stands, as the tray and the popover say it; its schedule named with its account while
 *  there are several ("Work · Ops"), as every schedule is then. */
export function alarmStatus(
  t: AlarmTarget,
  rec: AlarmRecord | undefined,
  accountName: string | undefined,
  nowMs: number,
): AlarmStatus {
  const acked = rec?.ackedAtMs;
  return {
    key: t.key,
    ...(accountName === undefined ? {} : { accountName }),
    scheduleName: t.scheduleName,
    start: new Date(t.startMs).toISOString(),
    ringing: rec?.rungAtMs !== undefined && acked === undefined && rec.passedAtMs === undefined && t.endMs > nowMs,
    ackedAt: acked === undefined ? null : new Date(acked).toISOString(),
    ackSource: rec?.ackSource ?? null,
  };
}

/** Whether an alarm rings at this start (the start's one notice). Planned from the data now: the reminders may
 *  judge right after a sync, before the alarm's own replan. */
function takesStart(w: AlarmsWiring, r: AlarmsRun, serviceKey: string, scheduleId: string, startMs: number): boolean {
  if (!r.engine || r.stopped) return false;
  const t = targetsNow(w, r).find(
    (x) => x.scheduleId === scheduleId && x.startMs === startMs && x.key.startsWith(`alarm:${serviceKey}:`),
  );
  return t !== undefined && t.atMs === t.startMs;
}

/** What an alarms.json record is checked against (alarm-claims.ts): each account's watched schedules and data. */
const knowledgeOf = (w: AlarmsWiring): AlarmKnowledge[] =>
  w.accounts().map((a) => ({ settings: a.settings, snapshot: a.snapshot }));

/** The notification and window an alarm rings through, named with its account and basis. */
const ringOf = (w: AlarmsWiring, r: AlarmsRun) =>
  createAlarmRing({
    clock: w.clock,
    notifier: w.notifier,
    surface: w.surface,
    localZone: w.localZone,
    log: w.log,
    // The window names the account only while there are several, as every statement does.
    accountOf: (key) => (w.accounts().length > 1 ? (r.seen.get(key)?.account ?? '') : ''),
    several: () => w.accounts().length > 1,
    savedAtMs: (t) => savedAtOf(w, r, t),
  });

/** Whose the target is (named while there are several accounts) and what it rests on: the phone says it so. */
const aboutOf = (w: AlarmsWiring, r: AlarmsRun, t: AlarmTarget): AlarmAbout =>
  alarmAbout({
    accountName: r.seen.get(t.key)?.account ?? '',
    several: w.accounts().length > 1,
    savedAtMs: savedAtOf(w, r, t),
  });

/** The account is named while there are several (as every notification names it then). */
export const alarmAbout = (o: {
  accountName: string;
  several: boolean;
  savedAtMs: number | undefined;
}): AlarmAbout => ({
  savedAtMs: o.savedAtMs,
  accountName: o.several ? o.accountName : undefined,
});

export function createEngineAlarms(w: AlarmsWiring): EngineAlarms {
  const { clock } = w;
  const r: AlarmsRun = {
    holdSinceMs: clock.now(),
    lastKey: '',
    lastPhoneKey: '',
    planned: new Map(),
    seen: new Map(),
    announced: new Set(),
    stopped: false,
    lastReloadMs: -Infinity,
  };
  const ring = ringOf(w, r);
  function settledBy(key: string): void {
    if (r.announced.has(key)) return;
    r.announced.add(key);
    ring.silence(key);
    w.acknowledged?.(key);
    w.changed();
  }
  const poll = ackFilePoll(w, r, settledBy);
  const replan = (): void => replanAlarms(w, r, poll);

  async function start(): Promise<void> {
    const known = (): AlarmKnowledge[] => knowledgeOf(w);
    const loaded = await loadAlarmStore(w.files, () => clock.now(), w.report, known);
    r.store = loaded;
    // What was acknowledged before this run is settled already: nothing to close or cancel for it.
    for (const [key, rec] of Object.entries(loaded.all())) if (rec.ackedAtMs !== undefined) r.announced.add(key);
    r.engine = createAlarmEngine({
      clock,
      store: loaded,
      held: true,
      log: w.log,
      ring: (rung) => (ring.ring(rung), w.changed(), poll.arm()),
      silence: (key) => ring.silence(key),
      acknowledged: (t) => settledBy(t.key),
      ...silence(w, r, settledBy),
      // A sleep noticed from the clock: held until every account is read again. The reminders notice the same
      // sleep and ask for that read (a second request here would read every schedule twice); the grace bounds it.
      // A read since the machine woke (the reminders may have asked for it already) releases it at once.
      onWake: (awakeSinceMs) => {
        r.holdSinceMs = awakeSinceMs;
        clock.setTimer(0, replan);
      },
    });
    replan();
  }

  return {
    start,
    replan,
    wake() {
      r.holdSinceMs = clock.now();
      r.engine?.hold();
    },
    intent: (i, from) => intentOf(w, r, ring, i, from),
    ack: (key, source, atMs) => r.engine?.ack(key, source, atMs) ?? Promise.resolve('unknown'),
    status: (nowMs) => statusOf(w, r, nowMs),
    othersRinging: (nowMs) => othersRinging(w, r, nowMs),
    record: (key) => r.store?.get(key),
    reloadRecords: poll.reload,
    targets: () => r.engine?.targets() ?? [],
    about: (t) => aboutOf(w, r, t),
    takesStart: (serviceKey, scheduleId, startMs) => takesStart(w, r, serviceKey, scheduleId, startMs),
    stop() {
      r.stopped = true;
      r.cancelPoll?.();
      r.engine?.stop();
      ring.stop();
    },
    settled: async () => {
      await r.engine?.settled();
      await r.store?.settled();
    },
  };
}
