// Shifts the service sends in a form the app can't read (a required field missing), per schedule and span of time:
// the app then holds a hole there, unknown time. Unlike a fault it breaks single entries of a list, not the answer,
// and several schedules may have them at once (tests of holes; the simulator's truth is unchanged).

export interface UnreadableSpan {
  fromMs: number;
  toMs: number;
}

export interface UnreadableShifts {
  /** From now on, this schedule's listed shifts overlapping [fromMs, toMs) are sent without `users`. */
  add(scheduleId: string, span: UnreadableSpan): void;
  /** Sends one schedule's shifts (or every schedule's) readable again. */
  clear(scheduleId?: string): void;
  /** The spans set for each schedule (a copy). */
  all(): Map<string, UnreadableSpan[]>;
  /** A listShifts reply body with the shifts overlapping this schedule's spans made unreadable. */
  apply(scheduleId: string, body: unknown): unknown;
}

function overlaps(shift: object, span: UnreadableSpan): boolean {
  const start = 'start' in shift && typeof shift.start === 'string' ? Date.parse(shift.start) : NaN;
  const end = 'end' in shift && typeof shift.end === 'string' ? Date.parse(shift.end) : NaN;
  return start < span.toMs && end > span.fromMs;
}

export function createUnreadable(): UnreadableShifts {
  const spans = new Map<string, UnreadableSpan[]>();
  return {
    add: (id, span) => void spans.set(id, [...(spans.get(id) ?? []), { ...span }]),
    clear: (id) => (id === undefined ? spans.clear() : void spans.delete(id)),
    all: () => new Map([...spans].map(([id, list]) => [id, list.map((s) => ({ ...s }))])),
    apply(id, body) {
      const list = spans.get(id);
      if (!list || typeof body !== 'object' || body === null || !('shifts' in body) || !Array.isArray(body.shifts))
        return body;
      const shifts: unknown[] = body.shifts.map((s: unknown) => {
        if (typeof s !== 'object' || s === null || !list.some((span) => overlaps(s, span))) return s;
        return Object.fromEntries(Object.entries(s).filter(([key]) => key !== 'users'));
      });
      return { ...body, shifts };
    },
  };
}
