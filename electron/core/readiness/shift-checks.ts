// The checks of the shift itself (what its schedule's data rests on over its time, and its reminders). Apart from
// readiness.ts because they are the ones judged again when readiness moves on to another shift (readinessForShift);
// the account's and the platform's checks (key, start at login, notifications) stay there.
import { assertNever, unknownWhyText, viewBasis, type Basis } from '../../shared/basis';
import { remindersFor, type ServiceSettings } from '../../shared/settings';
import type { AppState, MyShift, ReadinessCheck } from '../../shared/view-state';
import { notFoundCheck } from './not-found';

/** What the shift's checks read (readiness.ts's ReadinessInput holds it). */
export interface ShiftCheckInput {
  state: Pick<AppState, 'schedules' | 'me'>;
  settings: ServiceSettings;
  /** This session's first read isn't back yet: what the cache holds is not judged (it is checked once read). */
  firstReadPending?: boolean;
}

/**
 * What my shift rests on, from the schedule's timeline over the shift's own time: fresh data is ready (a hole
 * elsewhere on the schedule is none of this shift's business), saved data may have changed, unknown time in it
 * can't be vouched for.
 */
export function scheduleCheck(input: ShiftCheckInput, shift: MyShift): ReadinessCheck {
  const view = input.state.schedules.find((s) => s.id === shift.scheduleId);
  const basis: Basis = view
    ? viewBasis(view, Date.parse(shift.start), Date.parse(shift.end))
    : { kind: 'unknown', why: 'not_read' };
  // Before the first read of this session is back, the cache (or nothing) is all there is: judged once read, so a
  // start-up never warns of saved data the same second fresh data arrives.
  const loading = view?.status.kind === 'loading' || (input.firstReadPending === true && basis.kind !== 'fresh');
  if (loading)
    return {
      id: 'schedule',
      result: 'checking',
      message: `${shift.scheduleName} is still loading.`,
      action: 'refresh',
    };
  switch (basis.kind) {
    case 'fresh':
      // The schedule answers; if only its shifts further on are as of their last read (re-read every interval
      // once the shift is near), that is nothing the user can fix, and not saved data.
      return input.state.me.gaps.some((g) => g.scheduleId === shift.scheduleId && g.kind === 'read')
        ? {
            id: 'schedule',
            result: 'ok',
            message: `${shift.scheduleName} is up to date; the shift was yours when its shifts were last read.`,
          }
        : {
            id: 'schedule',
            result: 'ok',
            message: `${shift.scheduleName} is up to date, and the shift is still yours.`,
          };
    case 'saved':
      if (view?.status.kind === 'not_found') return notFoundCheck(shift.scheduleName);
      return {
        id: 'schedule',
        result: 'problem',
        message: `${shift.scheduleName} shows saved data: the shift may have changed.`,
        action: 'refresh',
      };
    case 'unknown':
      return {
        id: 'schedule',
        result: 'problem',
        message: `Part of the shift on ${shift.scheduleName} isn't known (${unknownWhyText(basis.why)}): it may have changed.`,
        action: 'refresh',
      };
    default:
      return assertNever(basis);
  }
}

export function remindersCheck(input: ShiftCheckInput, shift: MyShift): ReadinessCheck {
  const r = remindersFor(input.settings, shift.scheduleId);
  if (!r.atStart && r.leadTimesMin.length === 0) {
    return {
      id: 'reminders',
      result: 'problem',
      message: `Reminders for ${shift.scheduleName} are off.`,
      action: 'settings',
    };
  }
  // Quiet hours and pause never hold a shift's start reminders (reminders/held.ts): the check says so.
  return {
    id: 'reminders',
    result: 'ok',
    message: 'Reminders are on; quiet hours and pause never hold a shift’s start.',
  };
}
