// Live character counters and field checks for the limited text fields (spec section 8), shared by the forms.
import type { z } from 'zod';

export interface Counter {
  text: string;
  over: boolean;
  /** For screen readers: "12 of 60 characters". */
  label: string;
}

export function counter(value: string, max: number): Counter {
  return { text: `${value.length}/${max}`, over: value.length > max, label: `${value.length} of ${max} characters` };
}

export type FieldErrors = Record<string, string>;

/** Runs a schema and turns its issues into one message per top-level field, e.g. { name: 'Name must …' }. */
export function fieldErrors(schema: z.ZodType, values: unknown, labels: Record<string, string>): FieldErrors {
  const parsed = schema.safeParse(values);
  const errors: FieldErrors = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= `${labels[field] ?? 'This field'} ${issue.message}.`;
  }
  return errors;
}
