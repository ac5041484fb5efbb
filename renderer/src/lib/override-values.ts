// The quick override form's values: the presets, who covers by default and the values the form opens with. Main
// reads and checks them as they change (override:check, shared/override-check.ts): which window a preset means, who
// covers, and the problem per field; the engine checks again as it writes.
import { HOUR_MS, MINUTE_MS } from '../../../electron/shared/time';
import type { OverrideFormValues } from '../../../electron/shared/override-check-schema';
import type { ScheduleView } from '../../../electron/shared/view-state';
import { COUNT_LIMITS } from './limits';
import { isEmail, sameEmail } from './people';
import { customFields } from './time-input';

export type {
  Checked,
  OverrideCheck,
  OverrideFormValues,
  Preset,
} from '../../../electron/shared/override-check-schema';

export const MAX_COVERING = COUNT_LIMITS.coveringPeople;
const QUARTER_MS = 15 * MINUTE_MS;

export const PRESETS = [
  { id: 'rest_of_current', label: 'Rest of current shift' },
  { id: 'next_1', label: 'Next 1 h' },
  { id: 'next_2', label: 'Next 2 h' },
  { id: 'next_4', label: 'Next 4 h' },
  { id: 'custom', label: 'Custom' },
] as const;

/** The person to suggest when I am on call: the next one on call who is not me, else the first other user. */
export function suggestedCover(schedule: ScheduleView | undefined, myEmail: string): string | undefined {
  if (!schedule) return undefined;
  const onNow = new Set((schedule.now?.users ?? []).map((u) => u.email.toLowerCase()));
  const candidates = [...(schedule.next?.users ?? []), ...schedule.users];
  return candidates.find((u) => !sameEmail(u.email, myEmail) && !onNow.has(u.email.toLowerCase()))?.email;
}

/** Who covers by default on a schedule: someone else when I am on call, else me; on a multi-person shift, take over from one. */
export function whoDefaults(
  schedule: ScheduleView | undefined,
  myEmail: string,
): Pick<OverrideFormValues, 'who' | 'people' | 'suggested' | 'takeOverFrom'> {
  const onNow = schedule?.now?.users ?? [];
  const meOn = myEmail !== '' && onNow.some((u) => sameEmail(u.email, myEmail));
  const several = onNow.length >= 2;
  if (meOn) {
    const other = suggestedCover(schedule, myEmail);
    return {
      who: 'others',
      people: other ? [other] : [],
      suggested: other !== undefined,
      takeOverFrom: several ? myEmail : '',
    };
  }
  return { who: 'me', people: [], suggested: false, takeOverFrom: several ? (onNow[0]?.email ?? '') : '' };
}

/** A schedule's ref as a route may carry it: its id, after its account's id unless it is the main account's. */
const SCHEDULE_REF = /^(?:[a-z0-9][a-z0-9-]*:)?sch_[A-Za-z0-9_-]+$/;

/** The schedule the form opens on: the one asked for, else one I'm on call on, else the first listed. "Me" on it is
 *  its own account's e-mail (ctx.myEmail must be found from this schedule, not from the first listed one). */
export function initialScheduleId(schedules: readonly ScheduleView[], params: Record<string, string>): string {
  // A coverage request may name a schedule this app does not watch: it can still be overridden by id. The id is a
  // ref (shared/accounts.ts): an account other than the main one prefixes it ("acme:sch_…").
  const asked = params.scheduleId && SCHEDULE_REF.test(params.scheduleId) ? params.scheduleId : undefined;
  const mine = schedules.find((s) => s.meOnCall);
  return asked ?? mine?.id ?? schedules[0]?.id ?? '';
}

export function initialValues(
  schedules: readonly ScheduleView[],
  params: Record<string, string>,
  ctx: { myEmail: string; nowMs: number; localZone?: string; h24?: boolean },
): OverrideFormValues {
  const h24 = ctx.h24 ?? true;
  const scheduleId = initialScheduleId(schedules, params);
  const schedule = schedules.find((s) => s.id === scheduleId);
  const startMs = Math.ceil(ctx.nowMs / QUARTER_MS) * QUARTER_MS;
  const values: OverrideFormValues = {
    scheduleId,
    preset: 'rest_of_current',
    ...customFields(startMs, startMs + HOUR_MS, ctx.localZone, h24),
    ...whoDefaults(schedule, ctx.myEmail),
    query: '',
  };
  // "Cover this" from a coverage request passes the shift's UTC window, and asks me to cover it.
  const start = params.start ? Date.parse(params.start) : NaN;
  const end = params.end ? Date.parse(params.end) : NaN;
  if (!Number.isNaN(start) && !Number.isNaN(end)) {
    Object.assign(values, { preset: 'custom' }, customFields(start, end, ctx.localZone, h24));
  }
  if (params.who === 'me') Object.assign(values, { who: 'me', people: [], suggested: false });
  // A shift of mine, from the week: someone else covers it (the picker offers who could).
  if (params.who === 'others' && values.who === 'me')
    Object.assign(values, { who: 'others', people: [], suggested: false });
  // A later choice to write again (the notice of an earlier request applied late over it): its people, picked.
  const people = (params.people ?? '').split(',').filter(isEmail).slice(0, MAX_COVERING);
  if (params.who === 'others' && people.length > 0) Object.assign(values, { who: 'others', people, suggested: false });
  return values;
}
