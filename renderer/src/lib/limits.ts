// Live character counters and length checks for the limited text fields (spec section 8), shared by the forms.
// Lengths count Unicode code points (an emoji is one), exactly as the zod input schemas do (a parity test keeps
// them in step).
import { FIELD_LIMITS } from '../../../electron/shared/limits';

export { COUNT_LIMITS, FIELD_LIMITS, tooLong } from '../../../electron/shared/limits';

/** Spec section 8, from the shared limits module (plain data: the bundle pulls no zod). */
export const TEXT_LIMITS = {
  nameMax: FIELD_LIMITS.name,
  handleMax: FIELD_LIMITS.handle,
  chatGroupDescriptionMax: FIELD_LIMITS.chatGroupDescription,
  teamDescriptionMax: FIELD_LIMITS.teamDescription,
} as const;

export interface Counter {
  text: string;
  over: boolean;
  /** For screen readers: "12 of 60 characters". */
  label: string;
}

export function charCount(value: string): number {
  return [...value].length;
}

export function counter(value: string, max: number): Counter {
  const n = charCount(value);
  return { text: `${n}/${max}`, over: n > max, label: `${n} of ${max} characters` };
}

export type FieldErrors = Record<string, string>;

/** "Name must not be empty." / "Name must be at most 60 characters." / undefined. */
export function lengthProblem(label: string, value: string, min: number, max: number): string | undefined {
  const n = charCount(value);
  if (n < min) return `${label} must not be empty.`;
  if (n > max) return `${label} must be at most ${max} characters.`;
  return undefined;
}

/** Collects the problems of several fields into { field: message }, leaving the fine ones out. */
export function problems(entries: Record<string, string | undefined>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, message] of Object.entries(entries)) if (message) errors[field] = message;
  return errors;
}

/** A limited text field of a form: its label in messages, and its length bounds. */
export interface TextRule {
  label: string;
  min: number;
  max: number;
}

/** A form's limited text fields, checked and counted alike: { field: rule }. */
export type TextRules<F extends string> = Record<F, TextRule>;

/** The live counter of each field in `rules`. */
export function countersOf<F extends string>(values: Record<F, string>, rules: TextRules<F>): Record<F, Counter> {
  const counters: Partial<Record<F, Counter>> = {};
  for (const field in rules) counters[field] = counter(values[field], rules[field].max);
  // Filled for every field of `rules` just above.
  return counters as Record<F, Counter>;
}

/** The length problem of each field in `rules` ({ field: message }, fine ones left out). */
export function lengthProblems<F extends string>(values: Record<F, string>, rules: TextRules<F>): FieldErrors {
  const found: Record<string, string | undefined> = {};
  for (const field in rules) {
    const { label, min, max } = rules[field];
    found[field] = lengthProblem(label, values[field], min, max);
  }
  return problems(found);
}
