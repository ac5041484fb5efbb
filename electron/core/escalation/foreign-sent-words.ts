// The words of a phone record signed with another record key (a data folder moved from another computer, the key
// lost): in their own module so the record store stays plain code (test/surface-size.test.ts).
import { formatDayTime } from '../../shared/format';

/** Said of "sent" stamps in a file signed with another record key (adv52 r64 #1): what is known, no more. */
export function foreignSentText(atMs: readonly number[], nowMs: number): string {
  const at = [...new Set(atMs.map((ms) => formatDayTime(ms, { nowMs })))].join(', ');
  return (
    `A phone alert may already have been sent at ${at}: its record is signed with a record key that is not in this ` +
    "computer's keychain (the data folder came from another computer, or the key was lost), so the app can't " +
    'check it. Not sent again; check your phone.'
  );
}
