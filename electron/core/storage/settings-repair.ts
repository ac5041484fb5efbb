// Repairs a settings file with a few bad values instead of throwing all of it away: each value the schema refuses
// is put back to its default (a bad entry of a list is dropped), so one hand-edited typo costs one setting, not
// the user's address, e-mail and schedules. A bad optional field of a list entry (a schedule's cached name over its
// length limit) costs only that field: the entry, and the schedule it watches, stay.
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

/** A copy of `raw` without the field at [top, index, key] of a list entry, or undefined when there is none. */
function withoutEntryField(raw: Json, path: readonly PropertyKey[]): Json | undefined {
  const [top, index, key] = path;
  if (typeof top !== 'string' || typeof index !== 'number' || typeof key !== 'string') return undefined;
  const list: unknown = raw[top];
  if (!Array.isArray(list)) return undefined;
  const items: readonly unknown[] = list;
  const entry = items[index];
  if (!isObject(entry) || !(key in entry)) return undefined;
  const trimmed = Object.fromEntries(Object.entries(entry).filter(([k]) => k !== key));
  return { ...raw, [top]: items.map((e, i) => (i === index ? trimmed : e)) };
}

/** Whether `raw` still has a problem at or under `removed` (a required field that comes straight back missing). */
function stillRefused(raw: Json, removed: readonly PropertyKey[]): boolean {
  const issues = SettingsSchema.safeParse(raw).error?.issues ?? [];
  return issues.some((i) => removed.every((k, n) => i.path[n] === k));
}

/**
 * The smallest removal that gets past this issue: a list entry's field, else the entry (or the object's field),
 * else the whole setting. A smaller one is kept only if nothing at what it removed is refused again.
 */
function repairOf(raw: Json, path: readonly PropertyKey[]): Json | undefined {
  const [top] = path;
  if (typeof top !== 'string' || top === 'version') return undefined;
  const field = withoutEntryField(raw, path);
  if (field && !stillRefused(field, path.slice(0, 3))) return field;
  const next = without(raw, path);
  // A dropped list entry is gone for good (the next entry takes its index); an object's field may come back missing.
  if (next && (typeof path[1] === 'number' || !stillRefused(next, path.slice(0, 2)))) return next;
  return without(raw, [top]);
}

function label(path: readonly PropertyKey[], message: string): string {
  const [top, second, ...rest] = path.map(String);
  const field = second === undefined ? top : `${top}.${second}`;
  // Messages that are whole sentences ("Schedule name is too long: …") already name what they are about.
  const sentence = /^[A-Z]/.test(message);
  const detail = rest.length > 0 && !sentence ? `${rest.join('.')} ${message}` : message;
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
    const next = issue && repairOf(current, issue.path);
    if (!issue || !next) return undefined;
    reset.push(label(issue.path, issue.message));
    current = next;
  }
  return undefined;
}
