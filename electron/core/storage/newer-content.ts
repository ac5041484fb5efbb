// A file written by a newer version of the app (adv52 round 18 #1): an older app reading it back (a rollback, two
// installs on a synced folder) must not destroy what the newer one recorded in silence. Content the schema doesn't
// know (a field it strips) is counted; a `version` above the one the schema takes is told as a newer version's, not
// as damage. The reader keeps the original aside once (backup-copies.ts keeps identical copies once) and says so
// once, before the file is rewritten without it (docs/files-and-recovery.md).
import type { z } from 'zod';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** How many of the file's own (top-level) fields did not survive into `parsed` (its schema's output): each is
 *  content this version can't check. An entry's fields are not counted: some are the app's own, stripped on purpose
 *  (a held message is read back in the app's words), so counting them would call this version's file a newer one's.
 *  `ignore`: fields the reader reads apart from the schema (cache.json's origin). Nothing nested is walked, so a
 *  forged file 300 000 levels deep costs nothing here. */
export function unknownFields(raw: unknown, parsed: unknown, ignore: readonly string[] = []): number {
  if (!isObject(raw) || !isObject(parsed)) return 0;
  return Object.keys(raw).filter((key) => !ignore.includes(key) && !(key in parsed)).length;
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
