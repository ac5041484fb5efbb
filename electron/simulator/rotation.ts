// The rotation engine: pure functions from a schedule's layers and overrides to on-call segments.
// Semantics are written down in docs/simulator.md.
import { DateTime, IANAZone } from 'luxon';
import { DAY_MS, HOUR_MS, MINUTE_MS, WEEK_MS } from '../shared/time';
import { YEAR_MS } from './time';

export type ShiftUnit = 'minutes' | 'hours' | 'days' | 'weeks';

export interface RotationLayer {
  rotationStartMs: number;
  shiftLength: { amount: number; unit: ShiftUnit };
  concurrentUsers: number;
  userIds: readonly string[];
}

export interface RotationOverride {
  startMs: number;
  endMs: number;
  userIds: readonly string[];
}

export interface RotationSchedule {
  timeZone: string;
  /** Later layers take precedence over earlier ones. */
  layers: readonly RotationLayer[];
  /** In creation order: where overrides overlap, the one created last wins. */
  overrides: readonly RotationOverride[];
}

export interface Segment {
  startMs: number;
  endMs: number;
  userIds: string[];
}

/** A stretch with one user set and no boundary of any layer or override inside it. */
type Piece = { startMs: number; endMs: number; userIds: string[] | null };

const UNIT_MS: Record<ShiftUnit, number> = { minutes: MINUTE_MS, hours: HOUR_MS, days: DAY_MS, weeks: WEEK_MS };
/** A guard against absurd seeds (one-minute shifts merged over years): the walk stops here. */
const MAX_PIECES = 200_000;

/** Users of shift `index`: shift i gets users i*k … i*k+k-1, wrapping around the list. */
export function shiftUsers(layer: RotationLayer, index: number): string[] {
  const n = layer.userIds.length;
  const users: string[] = [];
  for (let j = 0; j < layer.concurrentUsers; j++) {
    const user = layer.userIds[(((index * layer.concurrentUsers + j) % n) + n) % n];
    if (user !== undefined && !users.includes(user)) users.push(user);
  }
  return users;
}

// Luxon's calendar arithmetic costs tens of microseconds a call; polling asks for the same shift starts and
// offsets over and over, so both are memoised (bounded) per layer and per zone.
const startCache = new WeakMap<RotationLayer, Map<string, number>>();
const offsetCache = new Map<string, Map<number, number>>();
const CACHE_LIMIT = 50_000;

/** The start of shift `index`: fixed durations for minutes/hours, local calendar days for days/weeks. */
export function shiftStartMs(layer: RotationLayer, zone: IANAZone, index: number): number {
  const { amount, unit } = layer.shiftLength;
  if (unit === 'minutes' || unit === 'hours') return layer.rotationStartMs + index * amount * UNIT_MS[unit];
  let cache = startCache.get(layer);
  if (!cache || cache.size > CACHE_LIMIT) startCache.set(layer, (cache = new Map<string, number>()));
  const key = `${zone.name}|${index}`;
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const days = index * amount * (unit === 'weeks' ? 7 : 1);
  const startMs = DateTime.fromMillis(layer.rotationStartMs, { zone }).plus({ days }).toMillis();
  cache.set(key, startMs);
  return startMs;
}

/** Wall-clock time in the zone, as if it were UTC: lets us count local days without walking shift by shift. */
function wallMs(ms: number, zone: IANAZone): number {
  let cache = offsetCache.get(zone.name);
  if (!cache || cache.size > CACHE_LIMIT) offsetCache.set(zone.name, (cache = new Map<number, number>()));
  let offsetMinutes = cache.get(ms);
  if (offsetMinutes === undefined) cache.set(ms, (offsetMinutes = zone.offset(ms)));
  return ms + offsetMinutes * 60_000;
}

/** The shift of the layer containing t (t ≥ rotation start), found by jumping, not by walking from the start. */
export function shiftAt(
  layer: RotationLayer,
  zone: IANAZone,
  t: number,
): { index: number; startMs: number; endMs: number } {
  const stepMs = layer.shiftLength.amount * UNIT_MS[layer.shiftLength.unit];
  let index = Math.floor((wallMs(t, zone) - wallMs(layer.rotationStartMs, zone)) / stepMs);
  let startMs = shiftStartMs(layer, zone, index);
  while (startMs > t) startMs = shiftStartMs(layer, zone, --index);
  let endMs = shiftStartMs(layer, zone, index + 1);
  while (endMs <= t) {
    startMs = endMs;
    endMs = shiftStartMs(layer, zone, ++index + 1);
  }
  return { index, startMs, endMs };
}

/** A layer whose every shift has the same user set never hands off: one shift from its start onwards. */
function isConstant(layer: RotationLayer): boolean {
  return new Set(shiftUsers(layer, 0)).size === new Set(layer.userIds).size;
}

function pieceAt(schedule: RotationSchedule, zone: IANAZone, t: number): Piece {
  let startMs = -Infinity;
  let endMs = Infinity;
  let userIds: string[] | null = null;
  for (const o of schedule.overrides) {
    if (o.startMs <= t && t < o.endMs) userIds = [...o.userIds];
    if (o.startMs <= t) startMs = Math.max(startMs, o.endMs <= t ? o.endMs : o.startMs);
    if (o.endMs > t) endMs = Math.min(endMs, o.startMs > t ? o.startMs : o.endMs);
  }
  let top: RotationLayer | undefined;
  for (const layer of schedule.layers) {
    if (layer.rotationStartMs <= t) top = layer;
    else endMs = Math.min(endMs, layer.rotationStartMs);
  }
  if (top) {
    const constant = isConstant(top);
    const shift = constant ? { index: 0, startMs: top.rotationStartMs, endMs: Infinity } : shiftAt(top, zone, t);
    startMs = Math.max(startMs, shift.startMs);
    endMs = Math.min(endMs, shift.endMs);
    userIds ??= shiftUsers(top, shift.index);
  }
  return { startMs, endMs, userIds };
}

const sameUsers = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((u) => b.includes(u));

/**
 * Merged on-call segments overlapping [fromMs, toMs), in order. Uncovered time yields no segment. The first and
 * last segments extend beyond the window while the users stay the same, looking at most a year either way.
 */
export function timeline(schedule: RotationSchedule, fromMs: number, toMs: number): Segment[] {
  const zone = IANAZone.create(schedule.timeZone);
  const lower = fromMs - YEAR_MS;
  const upper = toMs + YEAR_MS;
  const segments: Segment[] = [];
  let t = fromMs;
  for (let count = 0; t < upper && count < MAX_PIECES; count++) {
    const piece = pieceAt(schedule, zone, t);
    const endMs = Math.min(piece.endMs, upper);
    const last = segments.at(-1);
    if (piece.userIds === null) {
      if (t >= toMs) break;
    } else if (last && last.endMs === t && sameUsers(last.userIds, piece.userIds)) {
      last.endMs = endMs;
    } else if (t < toMs) {
      // Only the first piece may have begun before the walk; every later one begins where the walk is.
      const startMs = t === fromMs ? Math.max(piece.startMs, lower) : t;
      segments.push({ startMs, endMs, userIds: piece.userIds });
    } else break;
    t = endMs;
  }
  const first = segments[0];
  if (first) extendBackwards(schedule, zone, first, lower);
  return segments;
}

function extendBackwards(schedule: RotationSchedule, zone: IANAZone, segment: Segment, lower: number): void {
  for (let count = 0; segment.startMs > lower && count < MAX_PIECES; count++) {
    const piece = pieceAt(schedule, zone, segment.startMs - 1);
    if (piece.userIds === null || !sameUsers(piece.userIds, segment.userIds)) return;
    segment.startMs = Math.max(piece.startMs, lower);
  }
}

/** The segment containing now, and the one after it (after a gap if need be); null where there is none. */
export function currentAndNext(
  schedule: RotationSchedule,
  nowMs: number,
): { current: Segment | null; next: Segment | null } {
  const around = timeline(schedule, nowMs, nowMs + 1);
  const current = around.find((s) => s.startMs <= nowMs && nowMs < s.endMs) ?? null;
  const zone = IANAZone.create(schedule.timeZone);
  let t = current ? current.endMs : nowMs;
  const horizon = nowMs + YEAR_MS;
  for (let count = 0; t < horizon && count < MAX_PIECES; count++) {
    const piece = pieceAt(schedule, zone, t);
    if (piece.userIds !== null) {
      const next = timeline(schedule, t, t + 1)[0] ?? null;
      // A current segment cut at the merge horizon continues with the same users: nothing "next" to show.
      if (next && current && sameUsers(next.userIds, current.userIds)) return { current, next: null };
      return { current, next };
    }
    t = piece.endMs;
  }
  return { current, next: null };
}
