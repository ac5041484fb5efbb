// Instants → `datetime-local` values (wall-clock minutes, no zone), in the local zone or one a test names; the way
// back is main's (shared/typed-window.ts), which reads the override form's typed window.
import { wallParts } from '../../../electron/shared/format';

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** "2026-03-02T10:00" as a `datetime-local` input shows the instant in that zone. */
export function toLocalInput(ms: number, zone?: string): string {
  const w = wallParts(ms, zone) ?? wallParts(ms, undefined);
  if (!w) return '';
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}
