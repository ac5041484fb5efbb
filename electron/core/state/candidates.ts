// Who could cover a window, ranked: the schedule's people other than me (the picker is "Someone else": I am never
// my own cover) who are free then (not on call on this schedule, nor on another watched one), whose local time in
// the window is day rather than night, who carried fewer hours lately, and whose seat is not `viewer`. Each with
// what the ranking rests on, in words: their local hours (from their own `time_zone`; "zone unknown" when the
// service sent none), where else they are on call, and their hours over the range the read shifts cover (never
// more than the last 30 days). "Elsewhere" is every account's schedules: a person on another service is the same
// person when the e-mail is (any case), so a teammate on call on Acme then is not offered on Work as free.
import { basisMark } from '../../shared/basis';
import { formatDayTime } from '../../shared/format';
import type { Candidate } from '../../shared/ipc-contract';
import { HOUR_MS } from '../../shared/time';
import { allSchedules, hoursOf, lookBack, whereOnCall, type CandidatesInput } from './candidate-presence';
import { atNight, detailOf, freeNote, localWindow, savedFreeNote } from './candidate-words';

export function rankCandidates(input: CandidatesInput): Candidate[] {
  const { snapshot, scheduleId, window, nowMs } = input;
  const schedule = snapshot.schedules.find((s) => s.id === scheduleId);
  const users = schedule?.details?.users ?? [];
  const me = input.settings.email.trim().toLowerCase();
  const schedules = allSchedules(input);
  const back = lookBack(schedules, nowMs);
  const hoursFrom = new Date(back.startMs).toISOString();
  // Schedules whose shifts were never read count no hours: the figure says it leaves them out.
  const unread = schedules.filter((n) => n.schedule.shiftsFrom === null).map((n) => n.name);
  const others = users.filter((u) => me === '' || u.email.trim().toLowerCase() !== me);
  const people = others.map((u) => {
    const emailLower = u.email.trim().toLowerCase();
    const zone = u.time_zone ?? null;
    const night = zone ? atNight(window, zone) : null;
    const { here, elsewhere, elsewhereSaid, hereBasis, unknownOn, freeBasis, savedFree } = whereOnCall(
      schedules,
      emailLower,
      window,
    );
    const { knownMs, unreadableMs } = hoursOf(schedules, emailLower, back);
    const unreadableHours = Math.round(unreadableMs / HOUR_MS);
    const candidate: Omit<Candidate, 'detail'> = {
      id: u.id,
      name: u.name,
      email: u.email,
      zone,
      localWindow: zone ? localWindow(window, zone, night === true, nowMs, input.locale) : null,
      night,
      onCallHere: here > 0,
      onCallElsewhere: elsewhere,
      unknownOn,
      recentHours: Math.round(knownMs / HOUR_MS),
      ...(unreadableHours > 0 ? { unreadableHours } : {}),
      hoursFrom,
      viewer: u.seat === 'viewer',
    };
    const time = (iso: string) =>
      formatDayTime(iso, { nowMs, locale: input.locale, ...(input.localZone ? { localZone: input.localZone } : {}) });
    const onCall = candidate.onCallHere || candidate.onCallElsewhere.length > 0;
    const free = onCall ? savedFreeNote(savedFree(time)) : freeNote(candidate, freeBasis, time);
    const on = { here: basisMark(hereBasis, time), elsewhere: elsewhereSaid(time) };
    return { ...candidate, detail: detailOf(candidate, nowMs, unread, free, on) };
  });
  return people.sort(
    (a, b) => rankKey(a) - rankKey(b) || a.recentHours - b.recentHours || a.name.localeCompare(b.name),
  );
}

/** Lower is better: free here, free elsewhere (known, before unknown), a member's seat, daytime (or an unknown
 *  zone) where they are. */
function rankKey(c: Candidate): number {
  const elsewhere = c.onCallElsewhere.length > 0 ? 8 : c.unknownOn.length > 0 ? 4 : 0;
  return (c.onCallHere ? 16 : 0) + elsewhere + (c.viewer ? 2 : 0) + (c.night ? 1 : 0);
}
