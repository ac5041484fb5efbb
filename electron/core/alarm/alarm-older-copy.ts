// alarms.json put back mid-run as an older copy of itself (issue 52, adv52 r40): a synced folder trading versions or
// a backup tool restoring the 09:00 copy after "I'm on it" at 09:01. The copy is valid and signed, so it reads as
// true, yet what the app knows beats an older claim: a record the app last wrote whose ring, pass or acknowledgement
// the file no longer holds was lost, and is written back (the file kept aside, said once). A file that only adds
// (`status --ack`) loses nothing and is taken as it is.
import type { FileStore } from '../ports';
import type { Notice } from '../storage/settings-store';
import { ALARMS_FILE } from './alarm-records';
import type { AlarmRecords } from './alarm-records';
import type { AlarmRecord } from './types';

export const ALARM_OLDER_COPY_NOTICE_ID = 'alarm-records-older-copy';

/** The stamps that only grow: once the app wrote one, a file without it (or with a later one) lost it. */
const LASTING = ['rungAtMs', 'passedAtMs', 'ackedAtMs', 'againAtMs'] as const;

const lostIn = (wrote: AlarmRecord, file: AlarmRecord | undefined): boolean =>
  file === undefined ||
  LASTING.some((f) => {
    const mine = wrote[f];
    const theirs = file[f];
    if (mine === undefined) return false;
    if (theirs === undefined) return true;
    return f === 'againAtMs' ? theirs < mine : theirs > mine;
  });

/** What this run holds and last wrote: a record read back as either is its own, whatever the clock says now (adv47
 *  r21 #3: a ring it made, dated ahead of a clock set back since, was set aside at every write). */
export function ownRecords(holds: () => Readonly<AlarmRecords>, keeps: (r: AlarmRecord) => boolean) {
  let written: AlarmRecords = {};
  const fields = (r: AlarmRecord): string => JSON.stringify(Object.entries(r).sort(([x], [y]) => x.localeCompare(y)));
  const same = (a: AlarmRecord | undefined, b: AlarmRecord): boolean => a !== undefined && fields(a) === fields(b);
  return {
    held: (key: string, r: AlarmRecord): boolean => same(holds()[key], r) || same(written[key], r),
    wrote: (records: AlarmRecords): void => void (written = records),
    /** Whether the file read lost a stamp of a record the app last wrote and still keeps (`keeps`: retention). */
    lost: (file: Readonly<AlarmRecords>): boolean =>
      Object.entries(written).some(([key, r]) => keeps(r) && lostIn(r, file[key])),
  };
}

export function olderCopyNotice(kept: string | undefined, wrote: boolean): Notice {
  const back = wrote ? 'the app wrote back what it holds' : 'the app could not write back what it holds yet';
  const where = kept === undefined ? ' Keeping it aside failed.' : ` It was kept as ${kept}.`;
  return {
    id: ALARM_OLDER_COPY_NOTICE_ID,
    message: `alarms.json was replaced by an older copy while the app ran: it no longer held an alarm's ring, pass or acknowledgement the app had saved; ${back}.${where}`,
  };
}

/** The file lost what the app wrote (an older copy put back): kept aside, what is held written back, said once. */
export async function writeBack(files: FileStore, persist: () => Promise<void>, say: (n: Notice) => void) {
  const kept = await files.backup(ALARMS_FILE).catch(() => undefined);
  const wrote = await persist().then(
    () => true,
    () => false,
  );
  say(olderCopyNotice(kept, wrote));
}
