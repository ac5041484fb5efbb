// A small checker for the JSON Schema that zod derives from AppStateSchema at build time (see
// renderer/build/app-state-schema.ts). It lets the renderer check every pushed state against the shared schema
// without shipping zod (≈25 KB gzip, 40 % of the bundle budget). Parity with AppStateSchema.safeParse is
// tested on valid and broken states (test/renderer/json-check.test.ts). Like zod's default objects, unknown
// extra keys are tolerated (zod strips them); everything the views read is checked.

/**
 * The schema as the build hands it over (renderer/build/app-state-schema.ts): JSON Schema, except that an object
 * is said by its properties alone (`p`) and lists the keys that may be missing (`o`, optional) instead of those
 * required.
 */
export interface JsonSchema {
  type?: string | string[];
  /** `properties`. */
  p?: Record<string, JsonSchema>;
  /** The keys of `p` that may be missing. */
  o?: string[];
  /** `items`. */
  i?: JsonSchema;
  oneOf?: JsonSchema[];
  /** `anyOf`. */
  a?: JsonSchema[];
  /** `enum`. */
  e?: unknown[];
  /** `const`. */
  c?: unknown;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  minLength?: number;
  maxItems?: number;
}

/**
 * The JSON Schema keywords the build can hand this checker; the build fails if zod's schema uses any other (no
 * silent gaps). `properties` arrives as `p`, `required` as `o` (the optional keys), `items`, `anyOf`, `enum` and
 * `const` as `i`, `a`, `e` and `c`; `$schema`, `default` and `additionalProperties` are not read.
 */
export const UNDERSTOOD = new Set([
  '$schema',
  'type',
  'properties',
  'required',
  'items',
  'oneOf',
  'anyOf',
  'enum',
  'const',
  'pattern',
  'minimum',
  'maximum',
  'maxLength',
  'minLength',
  'maxItems',
  'default',
  'additionalProperties',
]);

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function typeMatches(expected: string | string[], value: unknown): boolean {
  const actual = typeOf(value);
  const list = Array.isArray(expected) ? expected : [expected];
  return list.some((t) => t === actual || (t === 'number' && actual === 'integer'));
}

const patterns = new Map<string, RegExp>();
function regex(source: string): RegExp {
  let r = patterns.get(source);
  if (!r) patterns.set(source, (r = new RegExp(source, 'u')));
  return r;
}

function scalarOk(s: JsonSchema, v: unknown): boolean {
  if (s.e && !s.e.includes(v)) return false;
  if ('c' in s && s.c !== v) return false;
  if (typeof v === 'string') {
    // Lengths in code points, as JSON Schema and zod count them.
    if (s.maxLength !== undefined && v.length > s.maxLength && [...v].length > s.maxLength) return false;
    if (s.minLength !== undefined && [...v].length < s.minLength) return false;
    if (s.pattern !== undefined && !regex(s.pattern).test(v)) return false;
  }
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) return false;
    if (s.minimum !== undefined && v < s.minimum) return false;
    if (s.maximum !== undefined && v > s.maximum) return false;
  }
  return true;
}

function objectOk(properties: Record<string, JsonSchema>, optional: string[], v: unknown): boolean {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  for (const key in properties) {
    const value: unknown = Object.hasOwn(v, key) ? Reflect.get(v, key) : undefined;
    const sub = properties[key];
    if (value === undefined ? !optional.includes(key) : sub && !matches(sub, value)) return false;
  }
  return true;
}

/** True when `value` satisfies the schema. */
export function matches(s: JsonSchema, value: unknown): boolean {
  if (s.type !== undefined && !typeMatches(s.type, value)) return false;
  if (!scalarOk(s, value)) return false;
  if (s.oneOf && s.oneOf.filter((sub) => matches(sub, value)).length !== 1) return false;
  if (s.a && !s.a.some((sub) => matches(sub, value))) return false;
  if (s.p && !objectOk(s.p, s.o ?? [], value)) return false;
  if (Array.isArray(value)) {
    if (s.maxItems !== undefined && value.length > s.maxItems) return false;
    if (s.i && !value.every((item) => matches(s.i ?? {}, item))) return false;
  }
  return true;
}
