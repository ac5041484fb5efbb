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

/** A copy of `value` without what is at `path` (a list entry dropped, an object's field removed), or undefined when
 *  nothing is there. */
function removeAt(value: unknown, path: readonly PropertyKey[]): unknown {
  const [key, ...rest] = path;
  if (Array.isArray(value) && typeof key === 'number' && key < value.length) {
    const items: readonly unknown[] = value;
    if (rest.length === 0) return items.filter((_, i) => i !== key);
    const inner = removeAt(items[key], rest);
    return inner === undefined ? undefined : items.map((e, i) => (i === key ? inner : e));
  }
  if (isObject(value) && typeof key === 'string' && key in value) {
    if (rest.length === 0) return Object.fromEntries(Object.entries(value).filter(([k]) => k !== key));
    const inner = removeAt(value[key], rest);
    return inner === undefined ? undefined : { ...value, [key]: inner };
  }
  return undefined;
}

/** Whether `raw` still has a problem at or under `removed` (a required field that comes straight back missing). */
function stillRefused(raw: unknown, removed: readonly PropertyKey[]): boolean {
  const issues = SettingsSchema.safeParse(raw).error?.issues ?? [];
  return issues.some((i) => removed.every((k, n) => i.path[n] === k));
}

/**
 * The smallest removal that gets past this issue, from the deepest: a field of a list entry (an account's
 * schedule's cached name), else the entry, else the field holding it, up to the whole setting. A removed field is
 * kept only if nothing at it is refused again (its default applies); a dropped list entry is gone for good.
 */
function repairOf(raw: Json, path: readonly PropertyKey[]): Json | undefined {
  if (typeof path[0] !== 'string' || path[0] === 'version') return undefined;
  const named = accountNamedById(raw, path);
  if (named) return named;
  for (let depth = path.length; depth >= 1; depth--) {
    const at = path.slice(0, depth);
    const next = removeAt(raw, at);
    if (!isObject(next)) continue;
    if (typeof at[depth - 1] === 'number' || !stillRefused(next, at)) return next;
  }
  return undefined;
}

/** An account whose name can't be used is named by its id, not dropped with its schedules. */
function accountNamedById(raw: Json, path: readonly PropertyKey[]): Json | undefined {
  const [top, index, key] = path;
  const accounts = raw['accounts'];
  if (top !== 'accounts' || typeof index !== 'number' || key !== 'label' || !Array.isArray(accounts)) return undefined;
  const list: readonly unknown[] = accounts;
  const account = list[index];
  if (!isObject(account) || typeof account['id'] !== 'string') return undefined;
  const id = account['id'];
  return { ...raw, accounts: list.map((a, i) => (i === index ? { ...account, label: id } : a)) };
}

/** "accounts.0.schedules.1 (Schedule id is too long: …)": the path down to the list entry at fault, then why. */
function label(path: readonly PropertyKey[], message: string): string {
  const lastEntry = path.findLastIndex((k) => typeof k === 'number');
  const cut = Math.max(2, lastEntry + 1);
  const field = path.slice(0, cut).map(String).join('.');
  const rest = path.slice(cut).map(String);
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
