// The quick override form's checks, made by main as the form is filled in (override:check): which window a preset
// means, the custom window read in the form's zone, who covers (me, people picked by name, or taking over from one of
// several on call), and the problem per field; the engine checks again as it writes. The renderer carries no copy
// (issue 49): it sends the values as typed and shows what comes back.
import { regexes } from 'zod/v4/core';
import type { CandidatesRequest, OverrideWindow } from './action-schemas';
import { COUNT_LIMITS } from './limits';
import type { Checked, OverrideCheck, OverrideCheckRequest, OverrideFormValues } from './override-check-schema';
import { myEmailFor, sameEmail } from './people-names';
import { instantOf, readWindow } from './typed-window';
import type { AppState, Person, ScheduleView } from './view-state';

const MAX_COVERING = COUNT_LIMITS.coveringPeople;
type FieldErrors = Record<string, string>;

/** zod's own e-mail pattern (the one z.email() uses), as the picker reads a typed e-mail. */
export const isEmail = (value: string): boolean => regexes.email.test(value);

export interface FormContext {
  myEmail: string;
  nowMs: number;
  localZone?: string | undefined;
  /** Who is on call when the window starts (from the schedule's now/next), for "take over from". */
  onCallAtStart?: readonly Person[];
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

/** override:check's answer: me on the chosen schedule's account, now, and who is on call as the window starts, from
 *  main's state. */
export function overrideCheck(
  state: Pick<AppState, 'settings' | 'schedules'>,
  { values, localZone }: OverrideCheckRequest,
  nowMs: number,
): OverrideCheck {
  const base = { myEmail: myEmailFor(state, values.scheduleId), nowMs, localZone };
  const schedule = state.schedules.find((s) => s.id === values.scheduleId);
  const ctx = { ...base, onCallAtStart: onCallAt(schedule, windowStartMs(values, base)) };
  return {
    checked: checkOverride(values, ctx),
    candidates: candidatesAsk(values, ctx) ?? null,
    onCall: ctx.onCallAtStart,
  };
}
