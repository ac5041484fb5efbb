// Planning the alarm's targets from every account's data, what silences them, and the poll of alarms.json while
// one waits for an answer (alarms.ts).
import { continuesOnCallIn } from '../../shared/on-call-run';
import { myBlockSpans, planAlarms, serviceKeyOf } from '../alarm/plan';
import type { AlarmTarget } from '../alarm/types';
import { waitsForAnswer } from '../alarm/waiting';
import type { AlarmAccount } from './alarms-run';
import { tellsStart } from './alarm-teller';
import { recordedBlocks } from '../alarm/recorded-blocks';
import { KEPT_NOTICE_ID, KEPT_WORDS, keptTargets } from './alarms-kept';
import { heardFromAll, savedDataAtMs } from './reminders';
import {
  ACK_FILE_FAST_BEFORE_MS,
  ACK_FILE_FAST_MS,
  ACK_FILE_POLL_MS,
  POLL_FOR_MS,
  ACK_FILE_SYNC_READ_MS,
  type AlarmsWiring,
  sameList,
  targetsKey,
  type AlarmsRun,
} from './alarms-run';

export function targetsNow(w: AlarmsWiring, r: AlarmsRun): AlarmTarget[] {
  const nowMs = w.clock.now();
  const zone = w.localZone();
  const accounts = w.accounts();
  // With several accounts each alarm names its account (alarm/words.ts, the tray's line, the phone).
  const several = accounts.length > 1;
  // A start watched by several accounts is one target (its key), named by an account that will ring it: those not
  // muted or paused come first, and the first to name a key keeps it. Before, the alarm engine kept the last
  // account's target (the notification named a muted account) while the phone and tray named the first.
  const ordered = [
    ...accounts.filter((a) => a.silenced?.() !== true),
    ...accounts.filter((a) => a.silenced?.() === true),
  ];
  const chosen = new Map<string, AlarmTarget>();
  // Only a start of my on-call time rings (and is booked on the phone): a block carrying it on back to back, on
  // another schedule or account, is no start (the rule the tooltip and readiness use); the start's alarm covers it.
  // Each start is its teller's alarm (alarm-teller.ts): another account's plan of it by its own choice is dropped.
  const planned = ordered.flatMap((a) =>
    planOf(r, a, { zone, nowMs, several }).filter((p) => tellsStart(w, accounts, a, p.target)),
  );
  const kept = keptOf(w, r, ordered, planned, several);
  const mine = [
    ...accounts.flatMap((a) => myBlockSpans(a.snapshot, a.settings)),
    ...kept.map(({ target: t }) => ({ startMs: t.startMs, endMs: t.endMs })),
  ];
  const continues = continuesOnCallIn(mine);
  for (const t of [...planned, ...kept])
    if (!chosen.has(t.target.key) && !continues(t.target.startMs)) {
      chosen.set(t.target.key, t.target);
      r.seen.set(t.target.key, { target: t.target, account: t.account });
    }
  return [...chosen.values()];
}

type Account = ReturnType<AlarmsWiring['accounts']>[number];

/** The blocks the app recorded as mine that no read of this run has decided yet (alarms-kept.ts), said once. */
function keptOf(
  w: AlarmsWiring,
  r: AlarmsRun,
  accounts: Account[],
  planned: readonly { target: AlarmTarget }[],
  several: boolean,
): { target: AlarmTarget; account: string }[] {
  const keys = new Set(planned.map((p) => p.target.key));
  const nowMs = w.clock.now();
  const kept = accounts.flatMap((a) =>
    keptTargets({
      snapshot: a.snapshot,
      settings: a.settings,
      recorded: recordedBlocks(a.recorded?.() ?? []),
      serviceKey: serviceKeyOf(a.settings.baseUrl),
      nowMs,
      localZone: w.localZone(),
      sinceMs: r.startedMs ?? nowMs,
      planned: keys,
      decided: (r.decided ??= new Set()),
    })
      .filter((t) => tellsStart(w, accounts, a, t))
      .map((t) => {
        const own = { ...t, keptFor: a.settings.accountId };
        return { target: several ? { ...own, accountName: a.name } : own, account: a.name };
      }),
  );
  if (kept.length > 0 && !r.keptSaid) {
    r.keptSaid = true;
    w.report({ id: KEPT_NOTICE_ID, message: KEPT_WORDS });
  }
  return kept;
}

/** One account's targets, planned again only when what they rest on changed. */
function planOf(
  r: AlarmsRun,
  a: Account,
  o: { zone: string; nowMs: number; several: boolean },
): { target: AlarmTarget; account: string }[] {
  const { zone, nowMs, several } = o;
  const named = (targets: AlarmTarget[]) => targets.map((target) => ({ target, account: a.name }));
  const id = `${a.settings.accountId}`;
  const basis = [zone, a.snapshot, a.settings, several, a.name];
  const kept = r.planned.get(id);
  if (kept && sameList(kept.basis, basis)) return named(kept.targets);
  const serviceKey = serviceKeyOf(a.settings.baseUrl);
  const planned = planAlarms({ snapshot: a.snapshot, settings: a.settings, nowMs, localZone: zone, serviceKey });
  const targets = several ? planned.map((t) => ({ ...t, accountName: a.name })) : planned;
  r.planned.set(id, { basis, targets });
  return named(targets);
}

/** The planned target `x` is the engine's `t` (its own key, or the key of the alarm its block carries). */
const plannedAs = (x: AlarmTarget, t: AlarmTarget): boolean => x.key === t.key || x.key === t.ownKey;

/** When the target's shift is saved data now, when it was read: undefined while any account naming it has it
 *  fresh (an earlier read kept over a hole is saved data from then). */
export function savedAtOf(w: AlarmsWiring, r: AlarmsRun, t: AlarmTarget): number | undefined {
  const nowMs = w.clock.now();
  const from = w.accounts().flatMap((a) => {
    const own = r.planned.get(`${a.settings.accountId}`)?.targets.find((x) => plannedAs(x, t));
    return own ? [own.keptReadAtMs ?? savedDataAtMs(a.snapshot, a.settings, t.scheduleId, nowMs)] : [];
  });
  return from.length === 0 || from.includes(undefined) ? t.keptReadAtMs : Math.max(...from.map((ms) => ms ?? 0));
}

/** The accounts naming the target: those that planned it, and the one it was kept for (a kept alarm is silenced by
 *  its account's mute as a planned one is; before, it named no account, so nothing silenced it). */
function namingOf(w: AlarmsWiring, r: AlarmsRun, t: AlarmTarget) {
  return w
    .accounts()
    .filter(
      (a) =>
        r.planned.get(`${a.settings.accountId}`)?.targets.some((x) => plannedAs(x, t)) === true ||
        (t.keptFor !== undefined && t.keptFor === a.settings.accountId),
    );
}

/** No account naming the target rings at `atMs` (one still speaking rings it for all). */
function noneRings(w: AlarmsWiring, naming: AlarmAccount[], atMs: number, own: (a: AlarmAccount) => boolean): boolean {
  if (naming.length === 0) return false;
  if (w.ringerOf)
    return (
      w.ringerOf(
        naming.map((a) => `${a.settings.accountId}`),
        atMs,
      ) === undefined
    );
  return naming.every(own);
}

/** Every account naming the target is silenced now (one still speaking rings it for all). */
export function silencedFor(w: AlarmsWiring, r: AlarmsRun, t: AlarmTarget): boolean {
  return noneRings(w, namingOf(w, r, t), w.clock.now(), (a) => a.silenced?.() === true);
}

/** Every account naming the target is silent at its start, and it has not rung: it will pass unrung. A silence
 *  over before the start (its 5-min-before time inside it) leaves it ringing late (alarm/engine.ts judge), so the
 *  phone stays booked: judged at the alarm's time, a pause 08:30–08:57 cancelled the 08:58 booking for good. */
export function silentFor(w: AlarmsWiring, r: AlarmsRun, t: AlarmTarget): boolean {
  if (r.store?.get(t.key)?.rungAtMs !== undefined) return false;
  const atMs = Math.max(t.startMs, w.clock.now());
  return noneRings(w, namingOf(w, r, t), atMs, (a) => a.silentAt?.(t.startMs) === true);
}

/** The start reminders' per-account silence for the alarm engine: what falls due then passes, settled for good. */
export const silence = (w: AlarmsWiring, r: AlarmsRun, settledBy: (key: string) => void) => ({
  silenced: (t: AlarmTarget) => silencedFor(w, r, t),
  silenceEndsMs: () => w.pauseEndsMs?.(),
  passed: (t: AlarmTarget) => settledBy(t.key),
});

/** When each alarm that rang and still waits for its answer (its shift on) rang. */
export function waitingRungMs(r: AlarmsRun, nowMs: number): number[] {
  return (r.engine?.targets() ?? []).flatMap((t) => {
    const rec = r.store?.get(t.key);
    return rec?.rungAtMs !== undefined && waitsForAnswer(t, rec, nowMs) ? [rec.rungAtMs] : [];
  });
}

/** How soon alarms.json is read again while an alarm waits for its answer: every ACK_FILE_POLL_MS in its first
 *  10 min, and each second in the last 30 s before a phone alert is due (whatever N is), so a terminal's ack up to
 *  about a second before it still cancels it (adv50 r46 #1). Undefined: no read is armed (nothing waits). */
export function nextReadInMs(w: AlarmsWiring, r: AlarmsRun, nowMs: number): number | undefined {
  const waiting = waitingRungMs(r, nowMs);
  if (waiting.length === 0) return undefined;
  const dueMs = w.phoneDueMs?.();
  const toDue = dueMs === undefined || dueMs <= nowMs ? Infinity : dueMs - nowMs;
  if (toDue <= ACK_FILE_FAST_BEFORE_MS) return ACK_FILE_FAST_MS;
  // The fast reads start on time: the usual read is brought forward to their start, never later than it.
  const fastInMs = toDue - ACK_FILE_FAST_BEFORE_MS;
  if (waiting.some((rungMs) => nowMs - rungMs < POLL_FOR_MS)) return Math.min(ACK_FILE_POLL_MS, fastInMs);
  return Number.isFinite(fastInMs) ? fastInMs : undefined;
}

/** Reads alarms.json again while some alarm waits for its answer (`status --ack` may have given it). */
export function ackFilePoll(w: AlarmsWiring, r: AlarmsRun, settledBy: (key: string) => void) {
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
    const inMs = nextReadInMs(w, r, nowMs);
    r.pollAtMs = inMs === undefined ? undefined : nowMs + inMs;
    if (inMs !== undefined) r.cancelPoll = w.clock.setTimer(inMs, () => void reload().then(arm));
  }
  /** After its first 10 min, an alarm still waiting takes in a terminal's acknowledgement at each sync. */
  function afterSync(): void {
    const nowMs = w.clock.now();
    // A read armed further off (the fast reads before a phone alert due later) leaves the sync's read to it.
    const readSoon = r.cancelPoll !== undefined && (r.pollAtMs ?? Infinity) - nowMs <= ACK_FILE_POLL_MS;
    if (!readSoon && nowMs - r.lastReloadMs >= ACK_FILE_SYNC_READ_MS && waitingRungMs(r, nowMs).length > 0) {
      r.lastReloadMs = nowMs;
      void reload();
    }
    arm();
  }
  return { reload, arm, afterSync };
}

/** The alarm engine's targets go to the phone when they changed: at a re-plan, and when an acknowledgement of a start
 *  no longer planned made a later start of its block carry it (alarm/engine.ts ack: the phone's "I'm on it" heard
 *  after the front of the block was given away). */
export function tellPhone(w: AlarmsWiring, r: AlarmsRun): void {
  if (!r.engine) return;
  // A start carried by its block's earlier alarm (alarm/carry.ts carriedOf) is said under that alarm's key.
  for (const t of r.engine.targets()) {
    const own = t.ownKey === undefined ? undefined : r.seen.get(t.ownKey);
    if (own) r.seen.set(t.key, { target: t, account: own.account });
  }
  // A start the app won't ring (muted, paused past it) is not booked on the phone either: one booked is cancelled at
  // the mute, booked again at the unmute. Before, it stayed booked and rang the phone if the laptop slept at the start
  // while readiness said "no alarm will come". One that rang already stays (its answer is still awaited).
  const phoneTargets = r.engine.targets().filter((t) => !silentFor(w, r, t));
  // The phone's words say the start in the computer's zone: a zone change re-books them (adv50 r10 #3).
  const phoneKey = `${targetsKey(phoneTargets)}|${w.localZone()}`;
  if (phoneKey !== r.lastPhoneKey) {
    r.lastPhoneKey = phoneKey;
    w.targetsChanged?.(phoneTargets);
  }
}

/** Plans again (the targets go to the alarm engine and the escalation only when changed) and releases the hold
 *  once every account was heard from since it began. */
export function replanAlarms(w: AlarmsWiring, r: AlarmsRun, poll: ReturnType<typeof ackFilePoll>): void {
  const { engine } = r;
  if (!engine || r.stopped) return;
  const targets = targetsNow(w, r);
  const key = targetsKey(targets);
  if (key !== r.lastKey) {
    r.lastKey = key;
    engine.setTargets(targets);
  } else engine.check(); // a mute (settings only) stops an alarm ringing now
  tellPhone(w, r);
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
