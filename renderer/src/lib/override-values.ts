// The quick override form's values: which window a preset means, who covers (me, people picked by name, or taking
// over from one of several on call), their defaults, and the checks made before anything is sent. The engine checks
// again; these give instant, field-level feedback.
import type { CandidatesRequest, OverrideRequest, OverrideWindow } from '../../../electron/shared/ipc-contract';
import { HOUR_MS, MINUTE_MS } from '../../../electron/shared/time';
import type { Person, ScheduleView } from '../../../electron/shared/view-state';
import { COUNT_LIMITS, type FieldErrors } from './limits';
import { isEmail, sameEmail } from './people';
import { customFields, instantOf, readWindow, type WindowFields } from './time-input';

export const MAX_COVERING = COUNT_LIMITS.coveringPeople;
const QUARTER_MS = 15 * MINUTE_MS;

export const PRESETS = [
  { id: 'rest_of_current', label: 'Rest of current shift' },
  { id: 'next_1', label: 'Next 1 h' },
  { id: 'next_2', label: 'Next 2 h' },
  { id: 'next_4', label: 'Next 4 h' },
  { id: 'custom', label: 'Custom' },
] as const;
export type Preset = (typeof PRESETS)[number]['id'];

/** The custom window's fields (WindowFields) are used when the preset is 'custom'. */
export interface OverrideFormValues extends WindowFields {
  scheduleId: string;
  preset: Preset;
  who: 'me' | 'others';
  /** People picked to cover, by e-mail, in order. */
  people: string[];
  /** `people` holds only a suggestion made by the form: the first person picked replaces it. */
  suggested: boolean;
  /** Text typed in the people picker and not picked yet (a full e-mail there counts). */
  query: string;
  /** On a schedule with several people on call: whose time to take (the others stay on call); '' = everyone's. */
  takeOverFrom: string;
}

export interface FormContext {
  myEmail: string;
  nowMs: number;
  localZone?: string;
  /** Who is on call when the window starts (from the schedule's now/next), for "take over from". */
  onCallAtStart?: readonly Person[];
}

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
  ctx: FormContext & { h24?: boolean },
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

function windowOf(values: OverrideFormValues, ctx: FormContext, errors: FieldErrors): OverrideWindow | undefined {
  switch (values.preset) {
    case 'rest_of_current':
      return { kind: 'rest_of_current' };
    case 'next_1':
      return { kind: 'next_hours', hours: 1 };
    case 'next_2':
      return { kind: 'next_hours', hours: 2 };
    case 'next_4':
      return { kind: 'next_hours', hours: 4 };
    case 'custom': {
      const read = readWindow(values, ctx.nowMs, ctx.localZone);
      if (read.ok)
        return { kind: 'custom', start: new Date(read.startMs).toISOString(), end: new Date(read.endMs).toISOString() };
      errors[read.field] = read.message;
      return undefined;
    }
  }
}

/** When the window starts (for a preset: now), or undefined while the custom fields are incomplete. */
export function windowStartMs(values: OverrideFormValues, ctx: FormContext): number | undefined {
  return values.preset === 'custom' ? instantOf(values.startDay, values.startTime, ctx.localZone) : ctx.nowMs;
}

/** The people on call at an instant, from the schedule's now and next shifts (empty when not known). */
export function onCallAt(schedule: ScheduleView | undefined, ms: number | undefined): Person[] {
  if (!schedule || ms === undefined) return [];
  const shift = [schedule.now, schedule.next].find((s) => s && Date.parse(s.start) <= ms && ms < Date.parse(s.end));
  return shift?.users ?? [];
}

/** The people who stay on call when taking over from one of several (empty when not taking over). */
export function keptPeople(values: OverrideFormValues, ctx: FormContext, covering: readonly string[]): Person[] {
  const onCall = ctx.onCallAtStart ?? [];
  const from = values.takeOverFrom;
  if (from === '' || onCall.length < 2 || !onCall.some((p) => sameEmail(p.email, from))) return [];
  return onCall.filter((p) => !sameEmail(p.email, from) && !covering.some((c) => sameEmail(c, p.email)));
}

/** The e-mails picked plus a full e-mail still typed in the picker. */
export function pickedEmails(values: OverrideFormValues): string[] {
  const typed = values.query.trim();
  return typed !== '' && isEmail(typed) && !values.people.some((p) => sameEmail(p, typed))
    ? [...values.people, typed]
    : [...values.people];
}

function coveringEmails(values: OverrideFormValues, ctx: FormContext, errors: FieldErrors): string[] {
  let base: string[];
  if (values.who === 'me') {
    if (ctx.myEmail.trim() === '') {
      errors.who = 'Set your e-mail in Settings to cover it yourself, or name someone.';
      return [];
    }
    base = [ctx.myEmail.trim()];
  } else {
    const typed = values.query.trim();
    if (typed !== '' && !isEmail(typed)) errors.picker = 'Pick someone from the list, or type a full e-mail address.';
    base = pickedEmails(values);
    if (base.length === 0 && !errors.picker) errors.picker = 'Choose who covers: type a name or an e-mail.';
  }
  const all = [...base, ...keptPeople(values, ctx, base).map((p) => p.email)];
  if (all.length > MAX_COVERING) errors.who = `At most ${MAX_COVERING} people can be on call in one override.`;
  return all;
}

/** What the people picker asks the engine about: the schedule and window as typed (nobody chosen yet is fine). */
export function candidatesAsk(values: OverrideFormValues, ctx: FormContext): CandidatesRequest | undefined {
  if (values.scheduleId === '') return undefined;
  const window = windowOf(values, ctx, {});
  return window ? { scheduleId: values.scheduleId, window } : undefined;
}

export type Checked = { ok: true; request: OverrideRequest } | { ok: false; errors: FieldErrors };

/** The request to send, or the problems to show next to each field. */
export function checkOverride(values: OverrideFormValues, ctx: FormContext): Checked {
  const errors: FieldErrors = {};
  if (values.scheduleId === '') errors.scheduleId = 'Choose a schedule.';
  const window = windowOf(values, ctx, errors);
  const emails = coveringEmails(values, ctx, errors);
  if (!window || Object.keys(errors).length > 0) return { ok: false, errors };
  // Me alone is sent as no e-mail: the engine covers with the e-mail in settings.
  const onlyMe = values.who === 'me' && emails.length === 1;
  return { ok: true, request: { scheduleId: values.scheduleId, window, emails: onlyMe ? [] : emails } };
}
