// Repairs a settings file with a few bad values instead of throwing all of it away: each value the schema refuses
// is put back to its default (a bad entry of a list is dropped), so one hand-edited typo costs one setting, not
// the user's address, e-mail and schedules.
import { SettingsSchema, type Settings } from '../../shared/settings';

type Json = Record<string, unknown>;

export interface Repaired {
  settings: Settings;
  /** What was reset, for the user: "schedules.0 (id must look like sch_…)". */
  reset: string[];
}

/** Enough for every field of the schema to be reset once, with room for list entries. */
const MAX_REPAIRS = 20;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A copy of `raw` without the value at `path`: a list entry is dropped, an object field removed (its default applies). */
function without(raw: Json, path: readonly PropertyKey[]): Json | undefined {
  const [top, second] = path;
  if (typeof top !== 'string' || top === 'version') return undefined;
  const value = raw[top];
  const copy = { ...raw };
  if (Array.isArray(value) && typeof second === 'number') copy[top] = value.filter((_, i) => i !== second);
  else if (isObject(value) && typeof second === 'string') {
    copy[top] = Object.fromEntries(Object.entries(value).filter(([k]) => k !== second));
  } else delete copy[top];
  return copy;
}

function label(path: readonly PropertyKey[], message: string): string {
  const [top, second, ...rest] = path.map(String);
  const field = second === undefined ? top : `${top}.${second}`;
  const detail = rest.length > 0 ? `${rest.join('.')} ${message}` : message;
  return `${field} (${detail})`;
}

/** Settings with each refused value reset, or undefined when the file can't be repaired value by value. */
export function repairSettings(raw: Json): Repaired | undefined {
  let current = raw;
  const reset: string[] = [];
  for (let i = 0; i < MAX_REPAIRS; i++) {
    const parsed = SettingsSchema.safeParse(current);
    if (parsed.success) return { settings: parsed.data, reset };
    const issue = parsed.error.issues[0];
    const next = issue && without(current, issue.path);
    if (!issue || !next) return undefined;
    reset.push(label(issue.path, issue.message));
    current = next;
  }
  return undefined;
}
