// A file written by a newer version of the app (adv52 round 18 #1): an older app reading it back (a rollback, two
// installs on a synced folder) must not destroy what the newer one recorded in silence. Content the schema doesn't
// know (a field it strips) is counted; a `version` above the one the schema takes is told as a newer version's, not
// as damage. The reader keeps the original aside once (backup-copies.ts keeps identical copies once) and says so
// once, before the file is rewritten without it (docs/files-and-recovery.md).
import type { z } from 'zod';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** How many of the file's fields did not survive into `parsed` (its schema's output): each is content this version
 *  can't check. Its own (top-level) fields, and those of each entry of a top-level list (a newer version's per-entry
 *  field). `ignore`: top-level fields the reader reads apart from the schema (cache.json's origin). `own`: entry
 *  fields this version writes itself and its schema strips on purpose (a held message is read back in the app's
 *  words), never a newer version's. Only the file and its lists' entries are walked (a list the schema filtered is
 *  not compared, its entries no longer lined up), so a forged file 300 000 levels deep costs nothing here. */
export function unknownFields(
  raw: unknown,
  parsed: unknown,
  ignore: readonly string[] = [],
  own: readonly string[] = [],
): number {
  if (!isObject(raw) || !isObject(parsed)) return 0;
  let count = 0;
  for (const key of Object.keys(raw)) {
    if (ignore.includes(key)) continue;
    if (!(key in parsed)) count += 1;
    else count += entryFields(raw[key], parsed[key], own);
  }
  return count;
}

/** The fields of a list's or a map's entries that its schema stripped, beyond the app's own. */
function entryFields(raw: unknown, parsed: unknown, own: readonly string[]): number {
  const pairs: [unknown, unknown][] = [];
  if (Array.isArray(raw) && Array.isArray(parsed)) {
    if (raw.length === parsed.length) raw.forEach((entry: unknown, i) => pairs.push([entry, parsed[i]]));
  } else if (isObject(raw) && isObject(parsed)) {
    for (const key of Object.keys(parsed)) if (Object.hasOwn(raw, key)) pairs.push([raw[key], parsed[key]]);
  }
  let count = 0;
  for (const [entry, kept] of pairs) {
    if (!isObject(entry) || !isObject(kept)) continue;
    count += Object.keys(entry).filter((k) => !own.includes(k) && !(k in kept)).length;
  }
  return count;
}

/** The file's `version` when it is a whole number above every version the schema takes (the schema refused it
 *  there): written by a newer version of the app. Undefined otherwise (damage, or not the app's). */
export function newerVersion(raw: unknown, error: z.ZodError): number | undefined {
  if (!isObject(raw) || typeof raw.version !== 'number' || !Number.isSafeInteger(raw.version)) return undefined;
  const found = raw.version;
  const issue = error.issues.find((i) => i.path.length === 1 && i.path[0] === 'version');
  if (issue === undefined) return undefined;
  const taken = 'values' in issue && Array.isArray(issue.values) ? issue.values : [];
  const known = taken.filter((v): v is number => typeof v === 'number');
  return known.length > 0 && known.every((v) => found > v) ? found : undefined;
}

/** "The phone escalation record: this file was written by a newer version of the app (format 99) …; the file was
 *  kept as …": a newer version's file is never called damaged, unreadable or not the app's. */
export function newerVersionText(what: string, version: number, kept: string | undefined): string {
  const where = kept === undefined ? ' Keeping it aside failed.' : ` The file was kept as ${kept}.`;
  return `${cap(what)}: this file was written by a newer version of the app (format ${version}). This version can't use it, so nothing of it was used.${where}`;
}

/** "… written by a newer version of the app: 1 field this version doesn't know was left out … kept as …". */
export function newerFieldsText(what: string, fields: number, kept: string | undefined): string {
  const n = `${fields} ${fields === 1 ? "field this version doesn't know was" : "fields this version doesn't know were"}`;
  const where =
    kept === undefined ? ' Keeping the file as it was aside failed.' : ` The file as it was is kept as ${kept}.`;
  return `${cap(what)}: this file was written by a newer version of the app. ${n} left out; what this version understands was kept.${where}`;
}

const cap = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
