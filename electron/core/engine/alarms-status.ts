// The alarm's status as the popover and the tray word it: the current (or last) start's, and the others ringing
// (alarms.ts).
import type { AlarmStatus } from '../../shared/phone-intent';
import type { AlarmRecord, AlarmTarget } from '../alarm/types';
import { sameService } from '../../shared/service-identity';
import { type AlarmAccount, type AlarmsWiring, type AlarmsRun } from './alarms-run';
import { targetsNow } from './alarms-plan';
import { waitsForAnswer } from '../alarm/waiting';

/** One service added as several accounts, each watching the start's schedule: the first of them in the settings'
 *  order names its alarm, as it names the block on the now-line, "my state" and the menu (schedulesToldElsewhere:
 *  the first account tells a shared schedule's state whatever its pause or mute). The ring itself comes through
 *  whichever account tells then, and readiness says so ("it rings through Team"); naming the alarm by the ringer
 *  put "On call: Work · Ops" beside "Shift-start alarm (Team · Ops, …)" on one tooltip while Work was paused (adv47
 *  r40 #2). Undefined where the accounts naming it are not all one service (then as before). */
function firstOfService(accounts: readonly AlarmAccount[], r: AlarmsRun, key: string): string | undefined {
  const t = r.seen.get(key)?.target;
  const naming = accounts.filter(
    (x) => r.planned.get(`${x.settings.accountId}`)?.targets.some((p) => p.key === key) === true,
  );
  const self = naming[0]?.settings;
  if (t === undefined || self === undefined || naming.some((x) => !sameService(x.settings, self))) return undefined;
  const watching = accounts.filter(
    (x) => sameService(x.settings, self) && x.settings.schedules.some((s) => s.id === t.scheduleId),
  );
  return watching.length > 1 ? watching[0]?.name : undefined;
}

export function accountNow(w: AlarmsWiring, r: AlarmsRun, key: string): { accountName?: string } {
  const accounts = w.accounts();
  if (accounts.length < 2) return {};
  const first = firstOfService(accounts, r, key);
  if (first !== undefined) return { accountName: first };
  // One that rang is named by the account it rang through, as its notification did (a mute since changes nothing).
  const through = r.store?.get(key)?.rungThrough;
  if (through !== undefined && accounts.some((x) => x.name === through)) return { accountName: through };
  // Named as it rings (alarms-plan.ts): an account that is not muted or paused before one that is.
  const keptFor = r.seen.get(key)?.target.keptFor;
  const naming = accounts.filter(
    (x) =>
      r.planned.get(`${x.settings.accountId}`)?.targets.some((t) => t.key === key) === true ||
      x.settings.accountId === keptFor,
  );
  const a = naming.find((x) => x.silenced?.() !== true) ?? naming[0];
  // A start no longer planned (it rang, then was handed off): its own account (by id: two may share a name), while
  // it is still there.
  const own = r.seen.get(key)?.target.accountId;
  const name = a?.name ?? accounts.find((x) => x.settings.accountId === own)?.name;
  return name === undefined ? {} : { accountName: name };
}

export function statusOf(w: AlarmsWiring, r: AlarmsRun, nowMs: number): AlarmStatus | null {
  return statusesOf(w, r, nowMs)[0] ?? null;
}

/** The alarms besides the one `statusOf` states (issue 47, round 2: the tray stated one of two): each ringing, and
 *  each acknowledged while its shift runs (issue 49, round 4: an acknowledged second alarm left no line at all). */
export function othersRinging(w: AlarmsWiring, r: AlarmsRun, nowMs: number): AlarmStatus[] {
  const running = new Set((r.engine?.targets() ?? []).filter((t) => t.endMs > nowMs).map((t) => t.key));
  return statusesOf(w, r, nowMs)
    .slice(1)
    .filter((s) => s.ringing || ((s.ackedAt !== null || s.passedUnrung === true) && running.has(s.key)));
}

/** The current starts' and the rung ones' alarms, the one the tray and popover state first. */
export function statusesOf(w: AlarmsWiring, r: AlarmsRun, nowMs: number): AlarmStatus[] {
  const { store, engine } = r;
  if (!store) return [];
  // The current start (rung or due), else the last one this run knew of that rang. Each as the data says now.
  const live = new Map((engine?.targets() ?? []).map((t) => [t.key, t]));
  // One that rang is known whatever the wall clock reads: set back before its start, the alarm vanished until the
  // clock came round again, its acknowledgement with it (adv50 r30 #3).
  const known = [...r.seen.values()]
    .map((s) => s.target)
    .filter((t) => t.atMs <= nowMs || store.get(t.key)?.rungAtMs !== undefined);
  const passed = (t: AlarmTarget) => store.get(t.key)?.passedAtMs !== undefined;
  const current = known.filter((t) => (live.get(t.key)?.endMs ?? 0) > nowMs && !passed(t));
  // Handed off (no longer planned, or cut short, before its planned end): no "not acknowledged" for a shift no
  // longer mine; one acknowledged still says when.
  const handedOff = (t: AlarmTarget) => {
    const now = live.get(t.key);
    return now ? now.endMs < t.endMs && now.endMs <= nowMs : t.endMs > nowMs;
  };
  // Over (its shift has ended): an unanswered alarm is no longer asked for (issue 47, round 7: the tray still offered
  // "I'm on it" after the shift); one acknowledged still says when.
  const over = (t: AlarmTarget) => (live.get(t.key) ?? t).endMs <= nowMs;
  const rang = known.filter(
    (t) =>
      store.get(t.key)?.rungAtMs !== undefined &&
      (store.get(t.key)?.ackedAtMs !== undefined || (!handedOff(t) && !over(t))),
  );
  // Passed unrung (every account naming it paused or muted at its start, as documented) while its shift runs and
  // it is still mine: said as not rung (adv50 r13: once the pause ended, no surface said anything of the start).
  const unrung = known.filter((t) => {
    const rec = store.get(t.key);
    return rec?.passedAtMs !== undefined && rec.rungAtMs === undefined && rec.ackedAtMs === undefined;
  });
  const stillMine = (t: AlarmTarget) => live.has(t.key) && !handedOff(t) && !over(t);
  const sorted = (ts: AlarmTarget[]) => ts.sort((a, b) => b.startMs - a.startMs);
  const keys = new Set<string>();
  return [...sorted(current), ...sorted(rang), ...sorted(unrung.filter(stillMine))]
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
    scheduleZone: t.scheduleZone,
    start: new Date(t.startMs).toISOString(),
    ringing: waitsForAnswer(t, rec, nowMs),
    ackedAt: acked === undefined ? null : new Date(acked).toISOString(),
    ackSource: rec?.ackSource ?? null,
    ...(rec?.passedAtMs !== undefined && rec.rungAtMs === undefined && acked === undefined && t.endMs > nowMs
      ? { passedUnrung: true }
      : {}),
  };
}

/** Whether an alarm rings at this start (the start's one notice). Planned from the data now: the reminders may
 *  judge right after a sync, before the alarm's own replan. */
export function takesStart(
  w: AlarmsWiring,
  r: AlarmsRun,
  serviceKey: string,
  scheduleId: string,
  startMs: number,
): boolean {
  // Asked before the alarm engine is made too: at start-up the sessions' first read judges the missed start while
  // alarms.json is still loading, and the late alarm that follows is the start's notice (no catch-up beside it).
  if (r.stopped) return false;
  const t = targetsNow(w, r).find(
    (x) => x.scheduleId === scheduleId && x.startMs === startMs && x.key.startsWith(`alarm:${serviceKey}:`),
  );
  if (t === undefined) return false;
  if (t.atMs === t.startMs) return true;
  // 5 min before: the early ring says "On call at 10:00", no notice of the start, so "On call now" still comes. A
  // start it missed (asleep 08:50–09:20) rings late, "On call since", and that is the start's one notice (adv50 r21
  // #2). Its record unread yet (start-up), whether it rang early is unknown: the reminder speaks (none missed).
  const rungAtMs = r.store?.get(t.key)?.rungAtMs;
  return r.store !== undefined && (rungAtMs === undefined || rungAtMs >= t.startMs);
}
