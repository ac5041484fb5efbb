// What the people picker says of a candidate: their local hours, night or day, and the line under their name.
import { assertNever, type Basis } from '../../shared/basis';
import { formatWindow, zoneLabel } from '../../shared/format';
import type { Candidate } from '../../shared/ipc-contract';
import { DAY_MS, HOUR_MS } from '../../shared/time';
import { nightsOver } from './load';
import type { Span } from './candidate-presence';

/**
 * Whether the window is at night where the person is (22:00–07:00, as my load counts them): an hour of it, as a night
 * of my load needs, or half of a window shorter than two hours (21:50–22:10 is). Never an evening whose end passes
 * 22:00 by seconds or minutes: the picker would say "18:00–22:00 in Berlin, night".
 */
export function atNight(span: Span, zone: string): boolean {
  const nightMs = nightsOver({ fromMs: span.startMs, toMs: span.endMs }, zone).reduce(
    (sum, n) => sum + Math.max(0, Math.min(n.toMs, span.endMs) - Math.max(n.fromMs, span.startMs)),
    0,
  );
  return nightMs > 0 && nightMs >= Math.min(HOUR_MS, (span.endMs - span.startMs) / 2);
}

/** "03:00–05:00 in New York, night"; the weekday too when the window is not on today's date there. */
export function localWindow(
  span: Span,
  zone: string,
  night: boolean,
  nowMs: number,
  locale: string | undefined,
): string {
  const window = formatWindow(span.startMs, span.endMs, { nowMs, localZone: zone, ...(locale ? { locale } : {}) });
  return `${window} in ${zoneLabel(zone)}${night ? ', night' : ''}`;
}

/** What "free then" rests on, said where it isn't fresh: "free per saved data from 14:02"; '' where they are on call
 *  somewhere then (said as such) or free on fresh data; unknown time is named per schedule ("not known whether free
 *  on Payments"), or "unknown whether free" where their free time rests on it but no schedule names it. */
export function freeNote(c: Omit<Candidate, 'detail'>, basis: Basis, time: (iso: string) => string): string {
  if (c.onCallHere || c.onCallElsewhere.length > 0) return '';
  switch (basis.kind) {
    case 'fresh':
      return '';
    case 'saved':
      return basis.savedAt === null ? 'free per saved data' : `free per saved data from ${time(basis.savedAt)}`;
    case 'unknown':
      return c.unknownOn.length > 0 ? '' : 'unknown whether free';
    default:
      return assertNever(basis);
  }
}

/** Beside where they are on call: the schedules they are free on only per saved data, named ("free on Acme ·
 *  Platform per saved data from 11:00"), so leaving a saved schedule unmarked never implies "free" there. */
export function savedFreeNote(names: readonly string[]): string {
  return names.length > 0 ? `free on ${names.join(', ')}` : '';
}

/** The line a picker shows under a name: "03:00–05:00 in New York, night · 42 h on call in the last 8 d". */
export function detailOf(
  c: Omit<Candidate, 'detail'>,
  nowMs: number,
  unread: readonly string[],
  free: string,
  on: { here: string; elsewhere: readonly string[] },
): string {
  const parts = [c.localWindow ?? 'time zone unknown'];
  if (free !== '') parts.push(free);
  // Where they are on call then, with what it rests on ("on call on Acme · Platform then (saved data from 11:00)").
  if (c.onCallHere) parts.push(`on call here then${on.here}`);
  if (on.elsewhere.length > 0) parts.push(`on call on ${on.elsewhere.join(', ')} then`);
  if (c.unknownOn.length > 0) parts.push(`not known whether free on ${c.unknownOn.join(', ')}`);
  const days = Math.max(1, Math.round((nowMs - Date.parse(c.hoursFrom)) / DAY_MS));
  const leftOut = unread.length > 0 ? ` (${unread.join(', ')} not read)` : '';
  // As my own load says it: time past a saved read is neither on call nor free ("26 h + 20 h not readable").
  const notRead = (c.unreadableHours ?? 0) > 0 ? ` + ${c.unreadableHours} h not readable` : '';
  parts.push(`${c.recentHours} h${notRead} on call in the last ${days} d${leftOut}`);
  if (c.viewer) parts.push('viewer seat, unlikely');
  return parts.join(' · ');
}
