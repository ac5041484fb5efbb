// What a coverage request asks of me: its shifts on schedules I am in (soonest first), then the rest of it. One
// statement for every surface that names a request under "asking you" (the popover's strip, `status` text and
// --json), so none names the part on a schedule I am not on while hiding the one that asks me (adv47 r9 #4).
// Zod-free.
import { myEmailOn } from './account-names';
import type { AppState, CoverageView, ScheduleView, ShiftView } from './view-state';

const hasMe = (me: string, shift: ShiftView | null): boolean =>
  !!shift?.users.some((u) => u.email.toLowerCase() === me);

/** Whether I am in this schedule's rotation (its users, or on call now or next). */
export function isMySchedule(state: AppState, schedule: ScheduleView): boolean {
  const me = myEmailOn(state, schedule.accountId);
  return (
    me !== '' &&
    (schedule.users.some((u) => u.email.toLowerCase() === me) || hasMe(me, schedule.now) || hasMe(me, schedule.next))
  );
}

export interface AskedOfMe {
  /** The shifts on schedules I am in, soonest first: what the request asks of me. */
  asked: CoverageView['shifts'];
  /** Asked shifts whose time isn't read fresh while another part asks me: they only may ask me, said apart. */
  maybe: CoverageView['shifts'];
  /** Its other shifts (on schedules I am not in), soonest first. */
  others: CoverageView['shifts'];
}

export function askedOfMe(state: AppState, request: CoverageView): AskedOfMe {
  const mine = new Set(state.schedules.filter((s) => isMySchedule(state, s)).map((s) => s.id));
  const sorted = [...request.shifts].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  const asked = sorted.filter((s) => mine.has(s.scheduleId));
  return {
    asked: asked.filter((s) => s.askBasis === undefined),
    maybe: asked.filter((s) => s.askBasis !== undefined),
    others: sorted.filter((s) => !mine.has(s.scheduleId)),
  };
}
