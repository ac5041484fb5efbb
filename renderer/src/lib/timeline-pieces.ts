// The week's pieces: a schedule's known timeline cut to the days shown, and who each piece names (split from
// timeline.ts to keep each file short; the same chunk, see vite.config.ts WEEK).
import { initials } from '../../../electron/shared/format';
import { assertNever, viewReadingsIn } from '../../../electron/shared/basis';
import { hasData } from '../../../electron/shared/freshness';
import type { Person, ScheduleView, TimeSpan } from '../../../electron/shared/view-state';

export type SegmentKind = 'person' | 'uncovered' | 'unknown';

export interface TimelineSegment {
  kind: SegmentKind;
  startMs: number;
  endMs: number;
  /** Who is on call (kind 'person'). */
  people: Person[];
  /** "AB" or "AB+1"; empty for other kinds. */
  label: string;
  /** 0–5, stable per person (the first one's id); -1 for other kinds. */
  hue: number;
  /** I am among the people. */
  mine: boolean;
  /** Only my block is known here: others may be on call with me. */
  partial: boolean;
  /** "Alice Doe, Tue 09:00 – Wed 09:00 (…New York)": what focus and the text list say. */
  text: string;
}

/** A stable colour index per person, the same hash as the avatars. */
export function hueOf(id: string): number {
  return [...id].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7) % 6;
}

export type Piece = Omit<TimelineSegment, 'text'> & {
  whenStart?: number;
  whenEnd?: number;
  why?: TimeSpan['why'];
  saved?: TimeSpan['saved'];
};

const UNKNOWN_WHY: Record<NonNullable<TimeSpan['why']> | 'none', string> = {
  hole: "unknown: shifts the service sent couldn't be read",
  beyond: 'unknown: not read this far ahead',
  not_read: 'unknown (not loaded)',
  none: 'unknown (not loaded)',
};

/** The schedule's known timeline cut to [startMs, endMs), as the one lookup reads it (unknown filled in by it). */
export function piecesOf(s: ScheduleView, startMs: number, endMs: number, isMe: (p: Person) => boolean): Piece[] {
  const unknown = (a: number, b: number, why?: TimeSpan['why'], people: Person[] = [], saved?: TimeSpan['saved']) => ({
    kind: 'unknown' as const,
    startMs: a,
    endMs: b,
    people,
    partial: people.length > 0,
    mine: false,
    hue: -1,
    label: '',
    ...(why ? { why } : {}),
    ...(saved ? { saved } : {}),
  });
  if (!hasData(s.status)) return [unknown(startMs, endMs)];
  return viewReadingsIn(s.timeline, startMs, endMs).map((r): Piece => {
    const a = Math.max(r.startMs, startMs);
    const b = Math.min(r.endMs, endMs);
    const users = r.span?.users ?? [];
    const first = users[0];
    switch (r.kind) {
      case 'people':
        return first
          ? {
              kind: 'person',
              startMs: a,
              endMs: b,
              whenStart: r.startMs,
              whenEnd: r.endMs,
              people: users,
              partial: false,
              mine: users.some(isMe),
              hue: hueOf(first.id),
              label: initials(first.name) + (users.length > 1 ? `+${users.length - 1}` : ''),
            }
          : unknown(a, b, r.why);
      case 'nobody':
        return { kind: 'uncovered', startMs: a, endMs: b, people: [], partial: false, mine: false, hue: -1, label: '' };
      case 'unknown':
        return unknown(a, b, r.why, users, r.span?.saved);
      default:
        return assertNever(r.kind);
    }
  });
}

export function whoText(
  p: Piece,
  isMe: (p: Person) => boolean,
  time: (iso: string) => string,
  notRead?: string,
  ended?: string,
): string {
  const namesOf = (people: Person[]) => people.map((x) => (isMe(x) ? `${x.name} (you)` : x.name)).join(', ');
  const names = namesOf(p.people);
  if (p.kind === 'uncovered') return 'uncovered: nobody on call';
  if (p.kind === 'person') return names;
  // No key: "not read: no API key for Acme", as every surface says it, never a load to come (adv47 r11 #4).
  // Past saved data that ended before now is old, not far ahead: when it ended, as the glance says it (adv49 r19).
  const why =
    notRead !== undefined && !p.why
      ? `unknown (not read: ${notRead})`
      : p.why === 'beyond' && ended
        ? `unknown (saved data ends ${time(ended)})`
        : UNKNOWN_WHY[p.why ?? 'none'];
  const known = p.people.length > 0 ? `${why}; on call at least: ${names}` : why;
  // The earlier read the reminders speak from here, in their words ("saved data from 06:00").
  if (!p.saved) return known;
  return `${known}; saved data from ${time(p.saved.readAt)}: ${namesOf(p.saved.users) || 'nobody on call'}`;
}
