// override:check, the quick override form's values as typed and main's reading of them (override-check.ts): the
// request it would send or the problem per field, what the people picker ranks for, and who is on call as it starts.
import { z } from 'zod';
import { CandidatesRequestSchema, OverrideRequestSchema } from './action-schemas';
import { list, text } from './bounded';
import { COUNT_LIMITS } from './limits';
import { PersonSchema } from './view-schedule';

export const PRESET_IDS = ['rest_of_current', 'next_1', 'next_2', 'next_4', 'custom'] as const;
export type Preset = (typeof PRESET_IDS)[number];

const typed = (label: string) => text(label, 'typedTime');
const email = text('E-mail', 'email');

/** The form's values as typed; the custom window's fields are read when the preset is 'custom'. */
export const OverrideFormValuesSchema = z.object({
  scheduleId: text('Schedule id', 'scheduleRef'),
  preset: z.enum(PRESET_IDS),
  who: z.enum(['me', 'others']),
  /** People picked to cover, by e-mail, in order. */
  people: list(email, 'people picked', COUNT_LIMITS.coveringPeople),
  /** `people` holds only a suggestion made by the form: the first person picked replaces it. */
  suggested: z.boolean(),
  /** Text typed in the people picker and not picked yet (a full e-mail there counts). */
  query: email,
  /** On a schedule with several people on call: whose time to take (the others stay on call); '' = everyone's. */
  takeOverFrom: email,
  startDay: typed('Start day'),
  startTime: typed('Start time'),
  /** Minutes (one of the form's lengths) or 'end'. */
  length: typed('Length'),
  endDay: typed('End day'),
  endTime: typed('End time'),
});
export type OverrideFormValues = z.infer<typeof OverrideFormValuesSchema>;

/** The values, and the zone the form reads its typed times in (kept while it is open). */
export const OverrideCheckRequestSchema = z.object({
  values: OverrideFormValuesSchema,
  localZone: text('Time zone', 'timeZone').optional(),
});
export type OverrideCheckRequest = z.infer<typeof OverrideCheckRequestSchema>;

const FieldErrorsSchema = z.record(z.string(), z.string());

export const CheckedSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), request: OverrideRequestSchema }),
  z.object({ ok: z.literal(false), errors: FieldErrorsSchema }),
]);
export type Checked = z.infer<typeof CheckedSchema>;

export const OverrideCheckSchema = z.object({
  /** The request to send, or the problems to show next to each field. */
  checked: CheckedSchema,
  /** What the people picker asks the engine about: the schedule and window as typed (nobody chosen yet is fine). */
  candidates: CandidatesRequestSchema.nullable(),
  /** Who is on call when the window starts (from the schedule's now/next), for "take over from". */
  onCall: z.array(PersonSchema),
});
export type OverrideCheck = z.infer<typeof OverrideCheckSchema>;
