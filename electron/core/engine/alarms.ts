// The shift-start alarm in the engine (issue 50): after each sync its targets are planned from every account's data
// (one per shift start on a service: two accounts watching it share the key), rung through the loud notification and
// the alarm window (alarm-ring.ts), and settled by the first acknowledgement from anywhere. Like the reminders it
// holds at start and on every wake until each account's schedules were read again (or the alarm engine's grace ends),
// so a shift handed off while the laptop slept never rings from the data of before. Quiet hours and pause are never
// asked. `status --ack` writes alarms.json from another process: while an alarm waits for an answer the file is read
// again every few seconds, so the window closes and the phone stays quiet.
import type { AlarmIntent } from '../../shared/alarm-view';
import type { AlarmKnowledge } from '../alarm/alarm-claims';
import { loadAlarmStore, type AlarmStore } from '../alarm/alarm-store';
import { createAlarmEngine } from '../alarm/engine';
import type { AckSource, AlarmTarget } from '../alarm/types';
import type { RingRun } from '../alarm/ring-run';
import type { AlarmAbout } from '../alarm/words';
import { createAlarmRing } from './alarm-ring';
import {
  type AlarmsWiring,
  type IntentResult,
  ACK_UNSAVED,
  SNOOZE_UNSAVED,
  type EngineAlarms,
  type AlarmsRun,
} from './alarms-run';
import { savedAtOf, silence, ackFilePoll, replanAlarms, tellPhone } from './alarms-plan';
import { statusOf, othersRinging, takesStart } from './alarms-status';

export {
  ACK_FILE_POLL_MS,
  ACK_UNSAVED,
  SNOOZE_UNSAVED,
  type AlarmAccount,
  type AlarmsWiring,
  type EngineAlarms,
  type IntentResult,
} from './alarms-run';
export { alarmStatus } from './alarms-status';

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
    return snoozed === 'unsaved' ? { ok: true, message: SNOOZE_UNSAVED } : { ok: true };
  }
  if (snoozed === false) return { ok: false, message: 'This alarm is not ringing: there is nothing to snooze.' };
  return snoozed === 'unsaved' ? { ok: true, message: SNOOZE_UNSAVED } : { ok: true };
}

/** The account naming an alarm now, while there are several (a removed account's name is never shown again). */

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
    ...(w.coverOf ? { coverOf: w.coverOf } : {}),
    // The notification's system id is kept with the alarm (adv50 r16 #1): a restart can still close or replace it.
    shown: (key, shownAs) => keepShown(r, key, shownAs),
    withdrawn: (key) => keepShown(r, key, undefined),
  });

function keepShown(r: AlarmsRun, key: string, shownAs: number | undefined): void {
  const rec = r.store?.get(key);
  if (!rec || rec.shownAs === shownAs) return;
  const { shownAs: _was, ...rest } = rec;
  void r.store?.update(key, shownAs === undefined ? rest : { ...rest, shownAs }).catch(() => undefined);
}

/** Whose the target is (named while there are several accounts) and what it rests on: the phone says it so. */
const aboutOf = (w: AlarmsWiring, r: AlarmsRun, t: AlarmTarget): AlarmAbout =>
  alarmAbout({
    accountName: r.seen.get(t.key)?.account ?? '',
    several: w.accounts().length > 1,
    savedAtMs: savedAtOf(w, r, t),
    cover: w.coverOf?.(t),
  });

/** The account is named while there are several (as every notification names it then). */
export const alarmAbout = (o: {
  accountName: string;
  several: boolean;
  savedAtMs: number | undefined;
  cover?: RingRun | undefined;
}): AlarmAbout => ({
  savedAtMs: o.savedAtMs,
  accountName: o.several ? o.accountName : undefined,
  ...(o.cover ? { cover: o.cover } : {}),
});

/** What an earlier run left: what was acknowledged is settled already (nothing to close or cancel for it), and the
 *  loud notifications it left up are closed or replaced under their ids from now on. */
function takeOver(r: AlarmsRun, ring: ReturnType<typeof createAlarmRing>, loaded: AlarmStore): void {
  for (const [key, rec] of Object.entries(loaded.all())) {
    if (rec.ackedAtMs !== undefined) r.announced.add(key);
    if (rec.shownAs !== undefined) ring.adopt(key, rec.shownAs);
  }
}

function newRun(nowMs: number): AlarmsRun {
  return {
    holdSinceMs: nowMs,
    lastKey: '',
    lastPhoneKey: '',
    planned: new Map(),
    seen: new Map(),
    announced: new Set(),
    stopped: false,
    lastReloadMs: -Infinity,
    startedMs: nowMs,
  };
}

export function createEngineAlarms(w: AlarmsWiring): EngineAlarms {
  const { clock } = w;
  const r = newRun(clock.now());
  const ring = ringOf(w, r);
  function settledBy(key: string): void {
    if (r.announced.has(key)) return;
    r.announced.add(key);
    ring.silence(key);
    w.acknowledged?.(key);
    w.changed();
  }
  const poll = ackFilePoll(w, r, settledBy);
  // A zone change seen at a re-plan (as the phone re-books) re-words a ringing window at once.
  const replan = (): void => (replanAlarms(w, r, poll), ring.rezone());

  async function start(): Promise<void> {
    const known = (): AlarmKnowledge[] => knowledgeOf(w);
    const signer = await w.signer?.();
    const loaded = await loadAlarmStore(w.files, () => clock.now(), w.report, known, false, true, signer, w.signer);
    r.store = loaded;
    takeOver(r, ring, loaded);
    r.engine = createAlarmEngine({
      clock,
      store: loaded,
      held: true,
      log: w.log,
      ring: (rung) => (ring.ring(rung), w.changed(), poll.arm(), w.rang?.(rung.target.key)),
      silence: (key) => ring.silence(key),
      // Restarted while it rang: it rings on for what is left of its 10 min (the phone's alert stays as booked).
      resume: (rung, untilMs) => (ring.ring(rung, untilMs), w.changed(), poll.arm()),
      // A later start now carrying an earlier one's acknowledgement goes to the phone first, under that key.
      acknowledged: (t) => (tellPhone(w, r), settledBy(t.key)),
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
