// `datetime-local` values (wall-clock minutes, no zone) ↔ instants, in the local zone or one a test names.
import { wallParts } from '../../../electron/shared/format';
import { MINUTE_MS } from '../../../electron/shared/time';

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** "2026-03-02T10:00" as a `datetime-local` input shows the instant in that zone. */
export function toLocalInput(ms: number, zone?: string): string {
  const w = wallParts(ms, zone) ?? wallParts(ms, undefined);
  if (!w) return '';
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/** The instant a `datetime-local` value means in that zone; a time skipped by a DST jump moves forward. */
export function fromLocalInput(value: string, zone?: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!m) return undefined;
  const [y, mo, d, h, mi, sec] = m.slice(1).map((x) => Number(x ?? 0));
  const wallMs = Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0, sec ?? 0);
  if (Number.isNaN(wallMs) || new Date(wallMs).getUTCDate() !== d) return undefined;
  const offsetAt = (ms: number): number => (wallParts(ms, zone) ?? wallParts(ms, undefined))?.offsetMin ?? 0;
  const guess = wallMs - offsetAt(wallMs) * MINUTE_MS;
  const exact = wallMs - offsetAt(guess) * MINUTE_MS;
  if (offsetAt(exact) * MINUTE_MS === wallMs - exact) return exact;
  // In a gap the wall time does not exist: read it with the offset before the jump, which lands after it.
  return wallMs - Math.min(offsetAt(guess), offsetAt(exact)) * MINUTE_MS;
}
