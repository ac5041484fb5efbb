// `status --ack`: acknowledges, from a terminal, the shift-start alarms that rang and are not acknowledged while
// their shift is on. It writes the same alarms.json the app keeps (merged, never undoing the app's records); the app
// takes it in at its next look. Says what it did, or that nothing was ringing — never that it acknowledged nothing,
// never "Acknowledged" for a save that failed (the app would keep ringing). What the records file held that was
// refused or dropped (a record that fails the clock is never acknowledged) is said too, with where it was kept.
import { formatTime } from '../../shared/format';
import type { FileStore } from '../ports';
import { reasonOf } from '../storage/write-watch';
import { loadAlarmStore } from './alarm-store';

export interface CliAck {
  ok: boolean;
  /** The answer (stdout when ok, stderr when not). */
  text: string;
  /** About the records file, said before the answer. */
  notices: string[];
}

export async function ackFromCli(files: FileStore, nowMs: number, localZone: string): Promise<CliAck> {
  const notices: string[] = [];
  const store = await loadAlarmStore(
    files,
    () => nowMs,
    (n) => notices.push(n.message),
  );
  const ringing = Object.entries(store.all()).filter(
    ([, r]) => r.rungAtMs !== undefined && r.ackedAtMs === undefined && r.endMs > nowMs,
  );
  if (ringing.length === 0)
    return { ok: true, text: 'No shift-start alarm is waiting for an acknowledgement.', notices };
  try {
    for (const [key, rec] of ringing) {
      const { snoozedUntilMs: _s, ...rest } = rec;
      await store.update(key, { ...rest, ackedAtMs: nowMs, ackSource: 'cli' });
    }
  } catch (cause) {
    const why = reasonOf(cause) ?? 'the disk refused the write';
    const where = files.location ?? "the app's data folder";
    const text = `The acknowledgement couldn't be saved to ${where} (${why}): the alarm keeps ringing in the app.`;
    return { ok: false, text, notices };
  }
  const starts = ringing.map(([, r]) => formatTime(r.startMs, { localZone })).join(', ');
  return {
    ok: true,
    text: `Acknowledged the shift-start alarm (${starts}) at ${formatTime(nowMs, { localZone })}.`,
    notices,
  };
}
