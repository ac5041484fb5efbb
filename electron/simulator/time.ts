// Instants inside the simulator are epoch milliseconds; on the wire they are ISO 8601 UTC with a `Z`.
import { DateTime, Duration } from 'luxon';
import { z } from 'zod';
import { DAY_MS } from '../shared/time';

/** How far the engine looks past a window when merging segments, and the widest shifts window served. */
export const YEAR_MS = 366 * DAY_MS;

const IsoInstantSchema = z.iso.datetime({ offset: true });
const UtcIsoInstantSchema = z.iso.datetime();
const RELATIVE_PATTERN = /^now(?:([+-])(P.+))?$/;

/** `2026-03-02T08:00:00Z` — milliseconds only when they are not zero. */
export function formatInstant(ms: number): string {
  return new Date(ms).toISOString().replace('.000Z', 'Z');
}

/** An ISO 8601 instant with an explicit offset or `Z`, as epoch ms; undefined otherwise. */
export function parseIsoInstant(text: string): number | undefined {
  if (!IsoInstantSchema.safeParse(text).success) return undefined;
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? ms : undefined;
}

/** Like parseIsoInstant, but only the UTC form (`…Z`) the spec asks for on writes. */
export function parseUtcInstant(text: string): number | undefined {
  return UtcIsoInstantSchema.safeParse(text).success ? parseIsoInstant(text) : undefined;
}

export type SeedTimeResult = { ok: true; ms: number } | { ok: false; message: string };

/**
 * A seed time: an ISO instant, `now`, or `now±<ISO 8601 duration>` (`now+P1DT2H`, `now-PT30M`).
 * Relative times are computed in UTC against `nowMs`, so `P1D` is always 24 hours.
 */
export function resolveSeedTime(text: string, nowMs: number): SeedTimeResult {
  const relative = RELATIVE_PATTERN.exec(text);
  if (relative) {
    const [, sign, iso] = relative;
    if (sign === undefined || iso === undefined) return { ok: true, ms: nowMs };
    const duration = Duration.fromISO(iso);
    if (!duration.isValid) return { ok: false, message: `"${iso}" is not an ISO 8601 duration (e.g. P1DT2H)` };
    const base = DateTime.fromMillis(nowMs, { zone: 'utc' });
    const ms = (sign === '+' ? base.plus(duration) : base.minus(duration)).toMillis();
    return { ok: true, ms };
  }
  const ms = parseIsoInstant(text);
  if (ms === undefined) {
    return { ok: false, message: 'must be an ISO 8601 instant with Z or an offset, or now±<ISO 8601 duration>' };
  }
  return { ok: true, ms };
}
