// JSON a test reads back (a settings file, a cache, a CLI's output), checked with zod instead of trusted as `any`:
// a file that is not what the test expects fails there, naming what is wrong.
import { z } from 'zod';

const JsonObjectSchema = z.record(z.string(), z.unknown());

/** The JSON object in `text`, to look into or to spread into a changed copy. */
export function jsonObject(text: string): Record<string, unknown> {
  return JsonObjectSchema.parse(JSON.parse(text));
}
