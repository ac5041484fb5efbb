// The tray menu's informational lines: one section per schedule, my shift, the coverage list's freshness. What
// was never loaded reads "unknown", never "nobody on call"; saved data says from when.
import type { AppState, MyShift, Person, ScheduleView, ShiftView } from '../../shared/view-state';
import { failedSchedules, hasData, savedAt } from '../../shared/freshness';
import { formatDayTime, formatRelative } from '../../shared/format';

/** Everything a time in the tray is formatted with. */
export interface Fmt {
  nowMs: number;
  localZone: string;
  locale: string | undefined;
}

export type TrayLabel = { type: 'label'; label: string };

const MAX_NAMES_CHARS = 48;

export function fmt(instant: string, f: Fmt, scheduleZone?: string | null): string {
  return formatDayTime(instant, {
    nowMs: f.nowMs,
    localZone: f.localZone,
    ...(f.locale ? { locale: f.locale } : {}),
    ...(scheduleZone ? { scheduleZone } : {}),
  });
}

export function shiftPhrase(shift: MyShift, f: Fmt): string {
  return `${shift.scheduleName} until ${fmt(shift.end, f)}`;
}

function names(users: readonly Person[]): string {
  if (users.length === 0) return 'nobody';
  const text = users.map((u) => u.name).join(', ');
  return text.length > MAX_NAMES_CHARS ? `${text.slice(0, MAX_NAMES_CHARS - 1)}…` : text;
}

function statusSuffix(schedule: ScheduleView, f: Fmt): string {
  const st = schedule.status;
  const saved = savedAt(st);
  switch (st.kind) {
    case 'stale':
      return ` (saved data from ${fmt(st.since, f)})`;
    case 'error':
      return " (couldn't load)";
    case 'not_found': {
      const since = st.since ? ` since ${fmt(st.since, f)}` : '';
      return ` (not found on the service${since}${saved ? `; saved data from ${fmt(saved, f)}` : ''})`;
    }
    case 'loading':
      return ' (loading…)';
    case 'fresh':
      return '';
  }
}

function shiftLine(prefix: 'Now' | 'Next', shift: ShiftView | null, s: ScheduleView, f: Fmt) {
  if (!hasData(s.status)) return `${prefix}: unknown`;
  if (!shift) return `${prefix}: ${prefix === 'Now' ? 'nobody on call' : 'no later shift known'}`;
  const edge = prefix === 'Now' ? `until ${fmt(shift.end, f, s.timeZone)}` : `from ${fmt(shift.start, f, s.timeZone)}`;
  return `${prefix}: ${names(shift.users)} ${edge}`;
}

export function scheduleSection(s: ScheduleView, f: Fmt): TrayLabel[] {
  const header: TrayLabel = { type: 'label', label: `${s.name}${statusSuffix(s, f)}` };
  if (s.status.kind === 'not_found' && !hasData(s.status)) return [header];
  return [
    header,
    { type: 'label', label: `  ${shiftLine('Now', s.now, s, f)}` },
    { type: 'label', label: `  ${shiftLine('Next', s.next, s, f)}` },
  ];
}

/** "unknown (couldn't load Payments US)" when a schedule never loaded, so "none" is never claimed without data. */
export function unknownMine(state: AppState): string | undefined {
  const failed = failedSchedules(state);
  return failed.length > 0 ? `unknown (couldn't load ${failed.map((s) => s.name).join(', ')})` : undefined;
}

export function myShiftLine(state: AppState, f: Fmt): string {
  const current = state.me.onCallNow[0];
  if (current) {
    const left = formatRelative(f.nowMs, current.end).replace(/^in /, '');
    return `You are on call: ${shiftPhrase(current, f)} (${left} left)`;
  }
  const next = state.me.nextShift;
  const unknown = unknownMine(state);
  if (!next) return unknown ? `Your next shift: ${unknown}` : 'No upcoming shift of yours';
  return `Your next shift: ${next.scheduleName} ${fmt(next.start, f)} (${formatRelative(f.nowMs, next.start)})`;
}

/** The coverage list's freshness, when it is not fresh ("Coverage requests: couldn't load"). */
export function coverageFreshnessLine(state: AppState, f: Fmt): string | undefined {
  const st = state.coverage.status;
  if (st.kind === 'fresh' || st.kind === 'loading') return undefined;
  const saved = savedAt(st);
  if (saved) return `Coverage requests: saved data from ${fmt(saved, f)}`;
  return `Coverage requests: couldn't load (${st.kind === 'error' ? st.reason.replace(/\.$/, '') : 'unknown'})`;
}

/** The count in "Coverage requests (2)…", or "unknown" when the list was never read. */
export function coverageCount(state: AppState): string {
  return hasData(state.coverage.status) ? String(state.coverage.askingMe.length) : 'unknown';
}
