// Walks a zod schema and lists every string and list in it with its length bound, so a test can insist that
// each one has a bound. Strict: a kind of schema it does not know is an error, never silently skipped.
import { z } from 'zod';

export interface Bound {
  /** Dotted path; `*` stands for any list entry or record value, `<key>` for a record's keys. */
  path: string;
  kind: 'string' | 'list';
  /** The longest length (characters or entries) the schema accepts, or undefined: unbounded. */
  max: number | undefined;
}

function maxOf(schema: z.core.$ZodType): number | undefined {
  const limits = (schema._zod.def.checks ?? [])
    .filter((c) => c instanceof z.core.$ZodCheckMaxLength)
    .map((c) => c._zod.def.maximum);
  return limits.length > 0 ? Math.min(...limits) : undefined;
}

const join = (path: string, key: string) => (path === '' ? key : `${path}.${key}`);

/** Every string and list reachable in `schema`, with its bound. */
export function boundsOf(schema: z.core.$ZodType, path = ''): Bound[] {
  const type = schema._zod.def.type;
  if (type === 'string') return [{ path, kind: 'string', max: maxOf(schema) }];
  if (['literal', 'enum', 'number', 'boolean', 'null', 'int'].includes(type)) return [];
  if (schema instanceof z.ZodArray)
    return [{ path, kind: 'list', max: maxOf(schema) }, ...boundsOf(schema.element, join(path, '*'))];
  if (schema instanceof z.ZodObject)
    return Object.entries(schema.shape).flatMap(([key, value]: [string, unknown]) => {
      if (!(value instanceof z.core.$ZodType)) throw new Error(`${join(path, key)} is not a zod schema`);
      return boundsOf(value, join(path, key));
    });
  if (
    schema instanceof z.ZodOptional ||
    schema instanceof z.ZodNullable ||
    schema instanceof z.ZodDefault ||
    schema instanceof z.ZodPrefault
  )
    return boundsOf(schema.unwrap(), path);
  if (schema instanceof z.ZodUnion) return schema.options.flatMap((o) => boundsOf(o, path));
  if (schema instanceof z.ZodRecord)
    return [...boundsOf(schema.keyType, join(path, '<key>')), ...boundsOf(schema.valueType, join(path, '*'))];
  if (schema instanceof z.ZodPipe) return boundsOf(schema.in, path);
  throw new Error(`schema kind ${type} at ${path || '(top)'} is not known to boundsOf`);
}

/** The same paths, each once (a union's options may repeat a field). */
export function uniqueBounds(bounds: readonly Bound[]): Bound[] {
  const seen = new Map<string, Bound>();
  for (const b of bounds) {
    const key = `${b.kind} ${b.path}`;
    const had = seen.get(key);
    if (!had || (had.max !== undefined && (b.max === undefined || b.max > had.max))) seen.set(key, b);
  }
  return [...seen.values()];
}
