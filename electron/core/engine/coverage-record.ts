// A "coverage request already told" entry read back from the record of reminders shown is a claim (issue 52): the
// app tells a request only from a fresh read listing it, so a request told before the restart and still open is
// listed again by the account's first fresh read after the record was loaded. A `coverage:<id>` entry that read does
// not list was not true when the file was read (a request filed later, or a forged line): dropped and said, so that
// request is told when it comes. One told and since closed is dropped too, harmlessly: it asks nobody any more.
import type { Snapshot } from '../model/snapshot';
import type { FiredStore } from '../storage/fired-store';

export const UNLISTED_COVERAGE = 'a coverage request recorded as told that the service did not list';

/** The request id a record key names (`coverage:<id>`, or its `passed:` form), or undefined (the first sync's
 *  summary names the requests it settles: those are recorded under their own keys too). */
function coverageIdOf(key: string): string | undefined {
  const m = /^(?:passed:)?coverage:(.+)$/.exec(key);
  const id = m?.[1];
  return id === undefined || id.startsWith('first-sync:') ? undefined : id;
}

/** Checks the record's coverage entries against the first fresh coverage read it is given, once. */
export function coverageRecordCheck(fired: Pick<FiredStore, 'keys' | 'untrueKeys'>): (snapshot: Snapshot) => void {
  let checked = false;
  return (snapshot) => {
    if (checked || snapshot.coverageFetchedAt === null || snapshot.coverageSaved === true) return;
    checked = true;
    const listed = new Set<string>();
    for (const c of snapshot.coverageRequests) listed.add(c.id);
    for (const i of snapshot.coverageIssues) if (i.id !== null) listed.add(i.id);
    const unlisted = fired.keys().filter((k) => {
      const id = coverageIdOf(k);
      return id !== undefined && !listed.has(id);
    });
    if (unlisted.length > 0) fired.untrueKeys(unlisted, UNLISTED_COVERAGE);
  };
}
