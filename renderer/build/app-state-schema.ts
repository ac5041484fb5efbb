// Runs at build time (Node): derives the JSON Schema of AppStateSchema for the renderer's checker, and refuses
// to build if zod emits a keyword the checker does not understand (so the renderer never skips a rule).
import { z } from 'zod';
import { AppStateSchema } from '../../electron/shared/view-state';
import { UNDERSTOOD } from '../src/lib/json-check';

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

/** AppStateSchema as JSON Schema text (refinements, which JSON Schema cannot state, are left to main). */
export function appStateSchemaJson(): string {
  const schema = z.toJSONSchema(AppStateSchema, { io: 'output', unrepresentable: 'throw' });
  const unknown = unknownKeywords(schema, new Set());
  if (unknown.size > 0) throw new Error(`AppStateSchema uses JSON Schema keywords the renderer cannot check: ${[...unknown].join(', ')}`);
  return JSON.stringify(schema);
}

/** Source of the `virtual:app-state-schema` module. */
export function appStateSchemaModule(): string {
  return `export default ${appStateSchemaJson()};\n`;
}
