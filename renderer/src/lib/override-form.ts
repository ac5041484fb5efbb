// The quick override form's logic: which window a preset means, a custom start (day + time) and length → UTC,
// who covers (me, people picked by name, or taking over from one of several on call), and the checks made before
// anything is sent. The engine checks again; these give instant, field-level feedback.
import { regexes } from 'zod/v4/core';
import type { OverrideRequest, OverrideWindow } from '../../../electron/shared/ipc-contract';
import type { Person, ScheduleView, ShiftView } from '../../../electron/shared/view-state';
import { fromLocalInput, toLocalInput } from './local-input';
import { wallParts } from './zoned-format';

export const MAX_COVERING = 4;
const MINUTE_MS = 60_000;
const QUARTER_MS = 15 * MINUTE_MS;
const DAY_MS = 24 * 60 * MINUTE_MS;

export const PRESETS = [
  { id: 'rest_of_current', label: 'Rest of current shift' },
  { id: 'next_1', label: 'Next 1 h' },
  { id: 'next_2', label: 'Next 2 h' },
  { id: 'next_4', label: 'Next 4 h' },
  { id: 'custom', label: 'Custom' },
] as const;
export type Preset = (typeof PRESETS)[number]['id'];

/** Custom lengths in minutes; 'end' means an explicit end day and time. */
export const LENGTHS: readonly { value: string; label: string }[] = [
  { value: '30', label: '30 min' },
  { value: '60', label: '1 h' },
  { value: '120', label: '2 h' },
  { value: '180', label: '3 h' },
  { value: '240', label: '4 h' },
  { value: '360', label: '6 h' },
  { value: '480', label: '8 h' },
  { value: '720', label: '12 h' },
  { value: '1440', label: '1 day' },
  { value: '2880', label: '2 days' },
  { value: '4320', label: '3 days' },
  { value: '10080', label: '1 week' },
  { value: 'end', label: 'Until… (set an end)' },
];

export interface OverrideFormValues {
  scheduleId: string;
  preset: Preset;
  /** Custom start: a local calendar day (YYYY-MM-DD) and a time as typed ("19:15", "7:15 pm"). */
  startDay: string;
  startTime: string;
  /** Minutes (one of LENGTHS) or 'end'. */
  length: string;
  endDay: string;
  endTime: string;
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

export type FieldErrors = Record<string, string>;

export interface FormContext {
  myEmail: string;
  nowMs: number;
  localZone?: string;
  /** Who is on call when the window starts (from the schedule's now/next), for "take over from". */
  onCallAtStart?: readonly Person[];
}

/** zod's own e-mail pattern (the one z.email() uses), without the rest of zod in the bundle. */
export const isEmail = (value: string): boolean => regexes.email.test(value);

const pad = (n: number): string => String(n).padStart(2, '0');
const same = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Whether the locale writes times on a 24-hour clock. */
export function uses24h(locale: string): boolean {
  try {
    const cycle = new Intl.DateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions().hourCycle;
    return cycle !== 'h12' && cycle !== 'h11';
  } catch {
    return true;
  }
}

/** "19:15" (24-hour locales) or "7:15 PM". */
export function clockText(hour: number, minute: number, h24: boolean): string {
  if (h24) return `${pad(hour)}:${pad(minute)}`;
  const h = hour % 12 === 0 ? 12 : hour % 12;
  return `${h}:${pad(minute)} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** A typed time → "HH:MM" (24-hour): "19:15", "19.15", "1915", "915", "19", "7:15 pm", "7pm". */
export function parseClock(text: string): string | undefined {
  const m = /^\s*(\d{1,2})(?:\s*[:.h]?\s*(\d{2}))?\s*(a\.?m\.?|p\.?m\.?|a|p)?\s*$/i.exec(text);
  if (!m) return undefined;
  let hour = Number(m[1]);
  const minute = m[2] === undefined ? 0 : Number(m[2]);
  const half = m[3]?.[0]?.toLowerCase();
  if (half) {
    if (hour < 1 || hour > 12) return undefined;
    hour = (hour % 12) + (half === 'p' ? 12 : 0);
  }
  if (hour > 23 || minute > 59) return undefined;
  return `${pad(hour)}:${pad(minute)}`;
}

/** The local calendar day (YYYY-MM-DD) and "HH:MM" of an instant. */
function localDayTime(ms: number, zone?: string): { day: string; time: string } {
  const [day = '', time = ''] = toLocalInput(ms, zone).split('T');
  return { day, time };
}

export interface DayOption {
  value: string;
  label: string;
}

/** Today, Tomorrow, then "Tue 24 Nov" for the next two weeks; `extra` days (a request's shift) are added. */
export function dayOptions(nowMs: number, locale: string, zone?: string, extra: readonly string[] = []): DayOption[] {
  const w = wallParts(nowMs, zone) ?? wallParts(nowMs, undefined);
  const today = w ? Date.UTC(w.year, w.month - 1, w.day) : nowMs;
  const fmt = new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
  const iso = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
  const options: DayOption[] = [];
  for (let i = 0; i < 15; i++) {
    const ms = today + i * DAY_MS;
    options.push({ value: iso(ms), label: i === 0 ? 'Today' : i === 1 ? 'Tomorrow' : fmt.format(ms) });
  }
  for (const day of extra) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || options.some((o) => o.value === day)) continue;
    options.push({ value: day, label: fmt.format(Date.parse(`${day}T00:00:00Z`)) });
  }
  return options.sort((a, b) => a.value.localeCompare(b.value));
}

/** The custom fields for a window [startMs, endMs): a listed length when one fits, else an explicit end. */
export function customFields(startMs: number, endMs: number, zone: string | undefined, h24: boolean) {
  const start = localDayTime(startMs, zone);
  const end = localDayTime(endMs, zone);
  const minutes = Math.round((endMs - startMs) / MINUTE_MS);
  const listed = LENGTHS.some((l) => l.value === String(minutes));
  const clock = (t: string): string => {
    const [h = 0, m = 0] = t.split(':').map(Number);
    return clockText(h, m, h24);
  };
  return {
    startDay: start.day,
    startTime: clock(start.time),
    length: listed ? String(minutes) : 'end',
    endDay: end.day,
    endTime: clock(end.time),
  };
}

/** The person to suggest when I am on call: the next one on call who is not me, else the first other user. */
export function suggestedCover(schedule: ScheduleView | undefined, myEmail: string): string | undefined {
  if (!schedule) return undefined;
  const onNow = new Set((schedule.now?.users ?? []).map((u) => u.email.toLowerCase()));
  const candidates = [...(schedule.next?.users ?? []), ...schedule.users];
  return candidates.find((u) => !same(u.email, myEmail) && !onNow.has(u.email.toLowerCase()))?.email;
}

/** Who covers by default on a schedule: someone else when I am on call, else me; on a multi-person shift, take over from one. */
export function whoDefaults(
  schedule: ScheduleView | undefined,
  myEmail: string,
): Pick<OverrideFormValues, 'who' | 'people' | 'suggested' | 'takeOverFrom'> {
  const onNow = schedule?.now?.users ?? [];
  const meOn = myEmail !== '' && onNow.some((u) => same(u.email, myEmail));
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

export function initialValues(
  schedules: readonly ScheduleView[],
  params: Record<string, string>,
  ctx: FormContext & { h24?: boolean },
): OverrideFormValues {
  const h24 = ctx.h24 ?? true;
  // A coverage request may name a schedule this app does not watch: it can still be overridden by id.
  const asked = params.scheduleId && /^sch_[A-Za-z0-9_-]+$/.test(params.scheduleId) ? params.scheduleId : undefined;
  const mine = schedules.find((s) => s.meOnCall);
  const scheduleId = asked ?? mine?.id ?? schedules[0]?.id ?? '';
  const schedule = schedules.find((s) => s.id === scheduleId);
  const startMs = Math.ceil(ctx.nowMs / QUARTER_MS) * QUARTER_MS;
  const values: OverrideFormValues = {
    scheduleId,
    preset: 'rest_of_current',
    ...customFields(startMs, startMs + 60 * MINUTE_MS, ctx.localZone, h24),
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
  return values;
}

/** The custom window as local "YYYY-MM-DDTHH:MM" values, or the field that is wrong. */
function customWindow(values: OverrideFormValues, ctx: FormContext, errors: FieldErrors): OverrideWindow | undefined {
  const startClock = parseClock(values.startTime);
  const startMs = startClock ? fromLocalInput(`${values.startDay}T${startClock}`, ctx.localZone) : undefined;
  if (startMs === undefined) {
    errors.customStart =
      values.startTime.trim() === '' ? 'Enter a start time, like 19:15.' : 'Enter a time like 19:15 or 7:15 pm.';
    return undefined;
  }
  let endMs: number | undefined;
  if (values.length === 'end') {
    const endClock = parseClock(values.endTime);
    endMs = endClock ? fromLocalInput(`${values.endDay}T${endClock}`, ctx.localZone) : undefined;
    if (endMs === undefined)
      errors.customEnd = values.endTime.trim() === '' ? 'Enter an end time.' : 'Enter a time like 21:15 or 9:15 pm.';
  } else {
    const minutes = Number(values.length);
    if (Number.isFinite(minutes) && minutes > 0) endMs = startMs + minutes * MINUTE_MS;
    else errors.customEnd = 'Choose a length.';
  }
  if (endMs === undefined) return undefined;
  if (endMs <= startMs) errors.customEnd = 'The end must be after the start.';
  else if (endMs <= ctx.nowMs) errors.customEnd = 'This window is already over.';
  if (errors.customEnd) return undefined;
  return { kind: 'custom', start: new Date(startMs).toISOString(), end: new Date(endMs).toISOString() };
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

/** When the window starts (for a preset: now), or undefined while the custom fields are incomplete. */
export function windowStartMs(values: OverrideFormValues, ctx: FormContext): number | undefined {
  if (values.preset !== 'custom') return ctx.nowMs;
  const clock = parseClock(values.startTime);
  return clock ? fromLocalInput(`${values.startDay}T${clock}`, ctx.localZone) : undefined;
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
  if (values.takeOverFrom === '' || onCall.length < 2 || !onCall.some((p) => same(p.email, values.takeOverFrom)))
    return [];
  return onCall.filter((p) => !same(p.email, values.takeOverFrom) && !covering.some((c) => same(c, p.email)));
}

/** The e-mails picked plus a full e-mail still typed in the picker. */
export function pickedEmails(values: OverrideFormValues): string[] {
  const typed = values.query.trim();
  return typed !== '' && isEmail(typed) && !values.people.some((p) => same(p, typed))
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

/**
 * Maps the engine's per-field problems (window.end, emails.1, scheduleId…) onto this form's fields. `sent` is the
 * e-mails of the request in the order sent: "emails.N" is the N-th of those, shown next to that person.
 */
export function fieldsFromProblems(
  problems: ReadonlyArray<{ field: string; message: string }> | undefined,
  sent: readonly string[] = [],
): FieldErrors {
  const errors: FieldErrors = {};
  for (const p of problems ?? []) {
    const person = /^emails\.(\d+)$/.exec(p.field);
    if (p.field === 'window.start' || p.field === 'start') errors.customStart = p.message;
    else if (p.field.startsWith('window') || p.field === 'end') errors.customEnd = p.message;
    else if (person) {
      const email = sent[Number(person[1])];
      if (email) errors[`person:${email.toLowerCase()}`] = p.message;
      else errors.who = p.message;
    } else if (p.field === 'emails') errors.who = p.message;
    else if (p.field === 'scheduleId') errors.scheduleId = p.message;
  }
  return errors;
}

/** People to pick from: the schedule's users, then anyone on its now/next shifts not listed there. */
export function suggestions(schedule: ScheduleView | undefined): Person[] {
  const seen = new Map<string, Person>();
  for (const u of [...(schedule?.users ?? []), ...(schedule?.now?.users ?? []), ...(schedule?.next?.users ?? [])]) {
    if (!seen.has(u.email.toLowerCase())) seen.set(u.email.toLowerCase(), u);
  }
  return [...seen.values()];
}

/** Matches for what was typed: names whose word starts with it first, then e-mails starting with it, then any. */
export function matchPeople(people: readonly Person[], query: string, exclude: readonly string[] = []): Person[] {
  const q = query.trim().toLowerCase();
  const open = people.filter((p) => !exclude.some((e) => same(e, p.email)));
  if (q === '') return open;
  const rank = (p: Person): number => {
    const name = p.name.toLowerCase();
    const email = p.email.toLowerCase();
    if (name.startsWith(q)) return 0;
    if (name.split(/\s+/).some((w) => w.startsWith(q))) return 1;
    if (email.startsWith(q)) return 2;
    if (name.includes(q) || email.includes(q)) return 3;
    return 9;
  };
  return open
    .map((p) => ({ p, r: rank(p) }))
    .filter((x) => x.r < 9)
    .sort((a, b) => a.r - b.r)
    .map((x) => x.p);
}

/** A person's name for an e-mail, from the people known; the e-mail itself when unknown. */
export function nameFor(email: string, people: readonly Person[], myEmail = ''): string {
  const person = people.find((p) => same(p.email, email));
  const you = myEmail !== '' && same(email, myEmail);
  if (person) return you ? `${person.name} (you)` : person.name;
  return you ? `You (${email})` : email;
}

function coveredBy(shift: ShiftView, emails: ReadonlySet<string>): boolean {
  const have = new Set(shift.users.map((u) => u.email.toLowerCase()));
  return have.size === emails.size && [...emails].every((e) => have.has(e));
}

/**
 * After an "outcome unknown" write and a refresh: do the schedule's now/next shifts show the covering people for
 * the window? Only a hint — the refreshed state holds two shifts, not the whole window's history.
 */
export function recheckHint(
  schedule: ScheduleView | undefined,
  startIso: string,
  endIso: string,
  covering: readonly string[],
): 'seen' | 'not_seen' | 'cannot_tell' {
  if (!schedule || covering.length === 0) return 'cannot_tell';
  const emails = new Set(covering.map((e) => e.toLowerCase()));
  const [startMs, endMs] = [Date.parse(startIso), Date.parse(endIso)];
  const overlapping = [schedule.now, schedule.next].filter(
    (s): s is ShiftView => s !== null && Date.parse(s.start) < endMs && Date.parse(s.end) > startMs,
  );
  if (overlapping.length === 0) return 'cannot_tell';
  return overlapping.every((s) => coveredBy(s, emails)) ? 'seen' : 'not_seen';
}
