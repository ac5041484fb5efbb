// The quick override form's logic: which window a preset means, local custom times → UTC, who covers, and the
// checks made before anything is sent. The engine checks again; these give instant, field-level feedback.
import { regexes } from 'zod/v4/core';
import type { OverrideRequest, OverrideWindow } from '../../../electron/shared/ipc-contract';
import type { ScheduleView, ShiftView } from '../../../electron/shared/view-state';
import { fromLocalInput, toLocalInput } from './local-input';

export const MAX_COVERING = 4;
const QUARTER_MS = 15 * 60_000;
const HOUR_MS = 3_600_000;

export const PRESETS = [
  { id: 'rest_of_current', label: 'Rest of current shift' },
  { id: 'next_1', label: 'Next 1 h' },
  { id: 'next_2', label: 'Next 2 h' },
  { id: 'next_4', label: 'Next 4 h' },
  { id: 'custom', label: 'Custom' },
] as const;
export type Preset = (typeof PRESETS)[number]['id'];

export interface OverrideFormValues {
  scheduleId: string;
  preset: Preset;
  /** `datetime-local` values, in the local zone. */
  customStart: string;
  customEnd: string;
  who: 'me' | 'others';
  /** Always MAX_COVERING slots; blank ones are ignored. */
  emails: string[];
}

export type FieldErrors = Record<string, string>;

export interface FormContext {
  myEmail: string;
  nowMs: number;
  localZone?: string;
}

/** zod's own e-mail pattern (the one z.email() uses), without the rest of zod in the bundle. */
export const isEmail = (value: string): boolean => regexes.email.test(value);

export function emptyEmails(): string[] {
  return Array.from({ length: MAX_COVERING }, () => '');
}

/** A custom window starting at the next quarter hour, one hour long. */
export function defaultCustom(nowMs: number, localZone?: string): { customStart: string; customEnd: string } {
  const startMs = Math.ceil(nowMs / QUARTER_MS) * QUARTER_MS;
  return { customStart: toLocalInput(startMs, localZone), customEnd: toLocalInput(startMs + HOUR_MS, localZone) };
}

export function initialValues(schedules: readonly ScheduleView[], params: Record<string, string>, ctx: FormContext): OverrideFormValues {
  // A coverage request may name a schedule this app does not watch: it can still be overridden by id.
  const asked = params.scheduleId && /^sch_[A-Za-z0-9_-]+$/.test(params.scheduleId) ? params.scheduleId : undefined;
  const scheduleId = asked ?? schedules[0]?.id ?? '';
  const values: OverrideFormValues = {
    scheduleId, preset: 'rest_of_current', who: params.who === 'others' ? 'others' : 'me', emails: emptyEmails(), ...defaultCustom(ctx.nowMs, ctx.localZone),
  };
  // "Cover this" from a coverage request passes the shift's UTC window.
  const start = params.start ? Date.parse(params.start) : NaN;
  const end = params.end ? Date.parse(params.end) : NaN;
  if (!Number.isNaN(start) && !Number.isNaN(end)) {
    values.preset = 'custom';
    values.customStart = toLocalInput(start, ctx.localZone);
    values.customEnd = toLocalInput(end, ctx.localZone);
  }
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
    case 'custom':
      return customWindow(values, ctx, errors);
  }
}

function customWindow(values: OverrideFormValues, ctx: FormContext, errors: FieldErrors): OverrideWindow | undefined {
  const startMs = fromLocalInput(values.customStart, ctx.localZone);
  const endMs = fromLocalInput(values.customEnd, ctx.localZone);
  if (startMs === undefined) errors.customStart = 'Enter a start date and time.';
  if (endMs === undefined) errors.customEnd = 'Enter an end date and time.';
  if (startMs === undefined || endMs === undefined) return undefined;
  if (endMs <= startMs) errors.customEnd = 'The end must be after the start.';
  else if (endMs <= ctx.nowMs) errors.customEnd = 'This window is already over.';
  if (errors.customEnd) return undefined;
  return { kind: 'custom', start: new Date(startMs).toISOString(), end: new Date(endMs).toISOString() };
}

function coveringEmails(values: OverrideFormValues, ctx: FormContext, errors: FieldErrors): string[] {
  if (values.who === 'me') {
    if (ctx.myEmail.trim() === '') errors.who = 'Set your e-mail in Settings to cover it yourself, or name someone.';
    return [];
  }
  const seen = new Set<string>();
  const emails: string[] = [];
  values.emails.forEach((raw, i) => {
    const email = raw.trim();
    if (email === '') return;
    if (!isEmail(email)) errors[`emails.${i}`] = 'This is not an e-mail address.';
    else if (seen.has(email.toLowerCase())) errors[`emails.${i}`] = 'Already listed.';
    seen.add(email.toLowerCase());
    emails.push(email);
  });
  if (emails.length === 0) errors['emails.0'] = 'Enter at least one e-mail.';
  if (emails.length > MAX_COVERING) errors.who = `At most ${MAX_COVERING} people.`;
  return emails;
}

export type Checked = { ok: true; request: OverrideRequest } | { ok: false; errors: FieldErrors };

/** The request to send, or the problems to show next to each field. */
export function checkOverride(values: OverrideFormValues, ctx: FormContext): Checked {
  const errors: FieldErrors = {};
  if (values.scheduleId === '') errors.scheduleId = 'Choose a schedule.';
  const window = windowOf(values, ctx, errors);
  const emails = coveringEmails(values, ctx, errors);
  if (!window || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, request: { scheduleId: values.scheduleId, window, emails } };
}

/** Maps the engine's per-field problems (window.end, emails.1, scheduleId…) onto this form's fields. */
export function fieldsFromProblems(problems: ReadonlyArray<{ field: string; message: string }> | undefined): FieldErrors {
  const errors: FieldErrors = {};
  for (const p of problems ?? []) {
    if (p.field === 'window.start' || p.field === 'start') errors.customStart = p.message;
    else if (p.field.startsWith('window') || p.field === 'end') errors.customEnd = p.message;
    else if (/^emails\.\d$/.test(p.field)) errors[p.field] = p.message;
    else if (p.field === 'emails') errors.who = p.message;
    else if (p.field === 'scheduleId') errors.scheduleId = p.message;
  }
  return errors;
}

/** People to suggest in the e-mail fields: the schedule's users. */
export function suggestions(schedule: ScheduleView | undefined): { email: string; name: string }[] {
  return (schedule?.users ?? []).map((u) => ({ email: u.email, name: u.name }));
}

function coveredBy(shift: ShiftView, emails: ReadonlySet<string>): boolean {
  const have = new Set(shift.users.map((u) => u.email.toLowerCase()));
  return have.size === emails.size && [...emails].every((e) => have.has(e));
}

/**
 * After an "outcome unknown" write and a refresh: do the schedule's now/next shifts show the covering people for
 * the window? Only a hint — the refreshed state holds two shifts, not the whole window's history.
 */
export function recheckHint(schedule: ScheduleView | undefined, startIso: string, endIso: string, covering: readonly string[]): 'seen' | 'not_seen' | 'cannot_tell' {
  if (!schedule || covering.length === 0) return 'cannot_tell';
  const emails = new Set(covering.map((e) => e.toLowerCase()));
  const [startMs, endMs] = [Date.parse(startIso), Date.parse(endIso)];
  const overlapping = [schedule.now, schedule.next].filter(
    (s): s is ShiftView => s !== null && Date.parse(s.start) < endMs && Date.parse(s.end) > startMs,
  );
  if (overlapping.length === 0) return 'cannot_tell';
  return overlapping.every((s) => coveredBy(s, emails)) ? 'seen' : 'not_seen';
}
