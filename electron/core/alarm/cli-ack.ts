// `status --ack`: acknowledges, from a terminal, the shift-start alarms that rang and are not acknowledged while
// their shift is on. It writes the same alarms.json the app keeps (merged, never undoing the app's records); the app
// takes it in at its next look. Says what it did, or that nothing was ringing — never that it acknowledged nothing.
import { formatTime } from '../../shared/format';
import type { FileStore } from '../ports';
import { loadAlarmStore } from './alarm-store';

export async function ackFromCli(files: FileStore, nowMs: number, localZone: string): Promise<string> {
  const store = await loadAlarmStore(files, () => nowMs);
  const ringing = Object.entries(store.all()).filter(
    ([, r]) => r.rungAtMs !== undefined && r.ackedAtMs === undefined && r.endMs > nowMs,
  );
  if (ringing.length === 0) return 'No shift-start alarm is waiting for an acknowledgement.';
  for (const [key, rec] of ringing) {
    const { snoozedUntilMs: _s, ...rest } = rec;
    await store.update(key, { ...rest, ackedAtMs: nowMs, ackSource: 'cli' });
  }
  const starts = ringing.map(([, r]) => formatTime(r.startMs, { localZone })).join(', ');
  return `Acknowledged the shift-start alarm (${starts}) at ${formatTime(nowMs, { localZone })}.`;
}
