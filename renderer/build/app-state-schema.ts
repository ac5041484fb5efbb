// Runs at build time (Node): derives the JSON Schema of AppStateSchema for the renderer's checker, and refuses
// to build if zod emits a keyword the checker does not understand (so the renderer never skips a rule).
import { z } from 'zod';
import { AppStateSchema } from '../../electron/shared/view-state';
import { matches, UNDERSTOOD } from '../src/lib/json-check';

function unknownKeywords(node: unknown, found: Set<string>): Set<string> {
  if (Array.isArray(node)) node.forEach((n) => unknownKeywords(n, found));
  else if (typeof node === 'object' && node !== null) {
    const entries: [string, unknown][] = Object.entries(node);
    for (const [key, value] of entries) {
      if (!UNDERSTOOD.has(key)) found.add(key);
      if (key === 'properties' && typeof value === 'object' && value !== null) Object.values(value).forEach((v) => unknownKeywords(v, found));
      else if (key !== 'default' && key !== 'enum' && key !== 'const') unknownKeywords(value, found);
    }
  }
  return found;
}

/**
 * Keywords the checker reads nothing from (it tolerates extra keys, as zod does, and has no defaults to fill):
 * left out of the renderer's copy, where they were a third of its bytes.
 */
const IGNORED = new Set(['$schema', 'additionalProperties', 'default']);

/**
 * Fields main reads alone (the tray's tooltip), never a view: left out of the renderer's copy, whose checker
 * tolerates keys it is not told of, as zod does (keyState: the tray's and status' keychain wait or refusal). Each is a byte of
 * the popover's first load (issue 49's budget).
 */
const MAIN_ONLY = new Set(['phoneMiss', 'keyState']);

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * An object schema as the checker reads it: its `properties` alone, as `p`, say "an object" (no `type`), and the few
 * keys that may be missing are listed as `o` (optional) instead of every other key as `required` (each name once, not
 * twice). One letter each: the two keywords were written ~100 times in the popover's first load (−67 B gzip).
 */
function compactObject(node: Record<string, unknown>, properties: Record<string, unknown>): Record<string, unknown> {
  const keys = Object.keys(properties);
  const required: unknown[] = Array.isArray(node.required) ? node.required : [];
  const strange = required.filter((k) => typeof k !== 'string' || !keys.includes(k));
  if (strange.length > 0) throw new Error(`AppStateSchema requires keys it does not describe: ${strange.join(', ')}`);
  if (node.type !== 'object') throw new Error(`AppStateSchema has properties on a non-object (${String(node.type)})`);
  const optional = keys.filter((k) => !required.includes(k));
  const { type: _object, required: _required, properties: _properties, ...rest } = node;
  return optional.length > 0 ? { ...rest, p: properties, o: optional } : { ...rest, p: properties };
}

/** The checker's copy of a schema node. Field names (the keys of `properties`) are data, never dropped. */
function compact(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(compact);
  if (!isRecord(node)) return node;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(node)) {
    if (IGNORED.has(key)) continue;
    if (key === 'properties' && isRecord(v))
      out[key] = Object.fromEntries(
        Object.entries(v)
          .filter(([k]) => !MAIN_ONLY.has(k))
          .map(([k, sub]) => [k, compact(sub)]),
      );
    // enum and const hold values, not schemas: kept as they are.
    else out[key] = key === 'enum' || key === 'const' ? v : compact(v);
  }
  return shortKeys(isRecord(out.properties) ? compactObject(out, out.properties) : withoutImpliedType(out));
}

/** The keywords the checker reads under one letter, as `p` and `o` (−20 B of the first load): `items`, `anyOf`,
 *  `const`, `enum`. Renamed last, once the node's own `const`/`enum` have been read. */
const SHORT: Record<string, string> = { items: 'i', anyOf: 'a', const: 'c', enum: 'e' };
const shortKeys = (node: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(node).map(([k, v]) => [SHORT[k] ?? k, v]));

/**
 * A `type` that every allowed value (`const`, `enum`) already has is left out: the checker compares the value with
 * them strictly (`===`, `includes`), so only a value of that type can pass either way; 29 × `type:"string"` were
 * ~60 bytes of the popover's first load (issue 49).
 */
function withoutImpliedType(node: Record<string, unknown>): Record<string, unknown> {
  const values = 'const' in node ? [node.const] : Array.isArray(node.enum) ? node.enum : undefined;
  const { type, ...rest } = node;
  const implied = (t: unknown): boolean => typeof t === 'string' && values !== undefined && values.every((v) => matches({ type: t }, v));
  return implied(type) ? rest : node;
}

/**
 * AppStateSchema as the renderer's checker reads it (refinements, which JSON Schema cannot state, are left to
 * main): zod's JSON Schema, compacted as above.
 */
export function appStateSchemaJson(): string {
  const schema = z.toJSONSchema(AppStateSchema, { io: 'output', unrepresentable: 'throw' });
  const unknown = unknownKeywords(schema, new Set());
  if (unknown.size > 0) throw new Error(`AppStateSchema uses JSON Schema keywords the renderer cannot check: ${[...unknown].join(', ')}`);
  return JSON.stringify(compact(schema));
}

/** Subschemas (as JSON text) that occur more than once and are worth a name, biggest first. */
function repeated(schema: unknown): string[] {
  const counts = new Map<string, number>();
  const walk = (node: unknown): void => {
    if (typeof node !== 'object' || node === null) return;
    if (!Array.isArray(node)) counts.set(JSON.stringify(node), (counts.get(JSON.stringify(node)) ?? 0) + 1);
    Object.values(node).forEach(walk);
  };
  walk(schema);
  return [...counts].filter(([text, n]) => n > 1 && text.length > 12).map(([text]) => text).sort((a, b) => b.length - a.length);
}

/**
 * Source of the `virtual:app-state-schema` module: the same schema, with each repeated subschema written once as a
 * constant and shared (the checker only reads it), so the popover's first load carries each shape once.
 */
export function appStateSchemaModule(): string {
  let body = appStateSchemaJson();
  const names: [string, string][] = [];
  // Biggest first: a smaller shape inside a bigger one is named once, inside the bigger one's constant.
  for (const text of repeated(JSON.parse(body))) {
    const uses = [body, ...names.map(([, t]) => t)].reduce((n, t) => n + t.split(text).length - 1, 0);
    if (uses < 2) continue;
    const name = `s${names.length}`;
    body = body.split(text).join(name);
    for (const entry of names) entry[1] = entry[1].split(text).join(name);
    names.push([name, text]);
  }
  // A constant may use only constants declared before it: the smaller ones (named later) are declared first.
  const consts = names.reverse().map(([name, text]) => `const ${name} = ${text};\n`);
  return `${consts.join('')}export default ${body};\n`;
}
