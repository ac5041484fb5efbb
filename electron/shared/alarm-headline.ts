// The alarm's headline, one rule for its notification and its window: "On call at 10:00" while the start is still
// ahead (5 min before, or a late ring that is still before it), "On call since 10:00" only once it has started and
// the ring came late, else "On call now". A late ring is judged from the alarm's due time, which is before the start
// with "5 min before" on (adv50 r18 #1: the window said "since" 3 min before the shift, the notification "at").

export type AlarmMoment = 'at' | 'since' | 'now';

export function alarmMoment(startMs: number, nowMs: number, late: boolean): AlarmMoment {
  if (nowMs < startMs) return 'at';
  return late ? 'since' : 'now';
}

/** `at` is the start as every surface words it ("10:00 (09:00 UTC)", "Tue 10:00" on another day). */
export function alarmHeadline(o: { startMs: number; nowMs: number; late: boolean; at: string }): string {
  const moment = alarmMoment(o.startMs, o.nowMs, o.late);
  if (moment === 'at') return `On call at ${o.at}`;
  return moment === 'since' ? `On call since ${o.at}` : 'On call now';
}
