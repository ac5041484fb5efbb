// What a service says in an error body. The spec leaves the shape open ("not shown"), so the common ones are
// read: {message, errors:[{field,message}|string]}, {error}, and RFC 9457 problem details
// (application/problem+json: title, detail, errors or invalid-params, with JSON pointers for fields).
import { z } from 'zod';
import type { FieldProblem } from './errors';

export interface ErrorBody {
  /** One line for the user, untrimmed; undefined when the body explains nothing. */
  text?: string;
  /** The body's own top-level words when it also listed field problems (`text` then holds both); the override
   *  form shows the problems by their fields, so it says only these beside them. */
  summary?: string;
  /** Per-field problems, field names as the server wrote them ("user_references.1.value"). */
  problems: FieldProblem[];
}

const Text = z.string().trim().min(1);
const ItemSchema = z.union([
  Text,
  z.object({
    field: Text.optional(),
    pointer: Text.optional(),
    name: Text.optional(),
    source: z.object({ pointer: Text }).optional(),
    message: Text.optional(),
    detail: Text.optional(),
    reason: Text.optional(),
  }),
]);
// Each field is read on its own: one odd field (a numeric `error`) must not hide the others.
const BodySchema = z.object({
  message: Text.optional().catch(undefined),
  error: z
    .union([Text, z.object({ message: Text })])
    .optional()
    .catch(undefined),
  title: Text.optional().catch(undefined),
  detail: Text.optional().catch(undefined),
  errors: z.array(z.unknown()).optional().catch(undefined),
  'invalid-params': z.array(z.unknown()).optional().catch(undefined),
});

/** "#/user_references/1/value" (a JSON pointer) and "user_references[1].value" both become "user_references.1.value". */
export function normaliseField(field: string): string {
  const pointer = /^#?\//.test(field);
  const path = pointer
    ? field
        .replace(/^#?\//, '')
        .split('/')
        .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
        .join('.')
    : field;
  return path.replace(/\[(\d+)\]/g, '.$1').replace(/^\./, '');
}

type Item = { field?: string; message?: string };

function readItem(raw: unknown): Item | undefined {
  const parsed = ItemSchema.safeParse(raw);
  if (!parsed.success) return undefined;
  const item = parsed.data;
  if (typeof item === 'string') return { message: item };
  const field = item.field ?? item.pointer ?? item.source?.pointer ?? item.name;
  const message = item.message ?? item.detail ?? item.reason;
  if (message === undefined) return undefined;
  return { field: field === undefined ? undefined : normaliseField(field), message };
}

/** Reads an already-parsed JSON error body; undefined when it has none of the known shapes. */
export function readErrorBody(json: unknown): ErrorBody | undefined {
  const body = BodySchema.safeParse(json);
  if (!body.success) return undefined;
  const { message, error, title, detail } = body.data;
  const items = [...(body.data.errors ?? []), ...(body.data['invalid-params'] ?? [])]
    .map(readItem)
    .filter((i) => i !== undefined);
  const problems = items.flatMap((i) => (i.field && i.message ? [{ field: i.field, message: i.message }] : []));
  const listed = items.map((i) => (i.field ? `${i.field}: ${i.message}` : i.message)).join('; ');
  // In problem details the title is generic ("Invalid request") and the detail is specific: a title is said
  // only when there is nothing else.
  const own = detail ?? message ?? (typeof error === 'string' ? error : error?.message);
  if (listed === '') {
    const text = own ?? title;
    return text === undefined && problems.length === 0 ? undefined : { text, problems };
  }
  // Both are the service's words: its own may say what no field does ("SVC-WORDS-422 …"), so neither is dropped.
  const summary = own;
  if (summary === undefined) return { text: listed, problems };
  return { text: `${summary} (${listed})`, summary, problems };
}
