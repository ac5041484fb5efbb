// A fake on-call service for the gate server (test/api/support/gate-server.ts): one schedule whose shifts take three
// pages, an empty coverage list, and a way to hold one page of the first walk until the test lets it go.
import { meta, schedule, shift, user } from '../../../api/support/fixtures';
import type { Step } from '../../../api/support/script-server';
import type { Gate, GateResponder, WireEvent } from '../../../api/support/gate-server';
import { HOUR } from '../../../support/time';

export const SHIFTS_TOTAL = 250;
const wire = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z');

export interface PagedServiceOptions {
  /** Names the schedule, so the state shows which service it came from. */
  name: string;
  startMs: number;
  /** Held until opened: this page of the first walk only (later walks are answered at once). */
  hold?: { page: number; gate: Gate };
  /** Answers instead of the healthy answer when it returns a step. */
  fault?: (request: WireEvent) => Step | undefined;
}

/** One-hour shifts from a week before the start, so every page lies inside the window sync asks for. */
function shiftsPage(startMs: number, page: number): Step {
  const first = (page - 1) * 100;
  const firstMs = startMs - 7 * 24 * HOUR;
  const count = Math.max(0, Math.min(100, SHIFTS_TOTAL - first));
  const shifts = Array.from({ length: count }, (_, i) =>
    shift(wire(firstMs + (first + i) * HOUR), wire(firstMs + (first + i + 1) * HOUR), [user(1 + ((first + i) % 2))]),
  );
  return { status: 200, json: { shifts, meta: meta(SHIFTS_TOTAL, page, 100) } };
}

export function pagedService(o: PagedServiceOptions): GateResponder {
  let held = false;
  return async (r) => {
    const faulty = o.fault?.(r);
    if (faulty) return faulty;
    if (/^\/schedules\/[^/]+\/shifts\/?$/.test(r.path)) {
      const page = Number(r.query.get('page') ?? '1');
      if (o.hold && page === o.hold.page && !held) {
        held = true;
        await o.hold.gate.wait;
      }
      return shiftsPage(o.startMs, page);
    }
    if (/^\/schedules\/[^/]+$/.test(r.path)) {
      const hourStart = Math.floor(o.startMs / HOUR) * HOUR;
      const current = shift(wire(hourStart), wire(hourStart + HOUR), [user(1)]);
      const next = shift(wire(hourStart + HOUR), wire(hourStart + 2 * HOUR), [user(2)]);
      return {
        status: 200,
        json: { schedule: { ...schedule(), name: o.name, current_oncall_shift: current, next_oncall_shift: next } },
      };
    }
    if (/^\/user\/coverage_requests\/?$/.test(r.path))
      return { status: 200, json: { coverage_requests: [], meta: meta(0, 1, 100) } };
    return { status: 404, json: { message: 'no such route' } };
  };
}
