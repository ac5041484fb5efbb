// `status --ack` books and cancels nothing (docs/status-command.md): a phone alert the app booked on the server for a
// start this command acknowledged still rings unless the app runs to cancel it (it reads the acknowledgement at its
// next look and cancels then). Said plainly, so the terminal never leaves the phone looking settled (adv50 r14 #2).
import type { AlarmStart } from '../shared/alarm-text';
import { stillRingsLine } from '../core/alarm/cli-ack';
import { loadEscalations } from '../core/escalation/record-store';
import type { AlarmKnowledge } from '../core/alarm/alarm-claims';
import type { FileStore } from '../core/ports';
import type { RecordSigner } from '../core/storage/record-key';

/** One line per acknowledged start whose booked phone alert is still ahead, read from escalations.json. */
export async function bookedAfterAck(
  files: FileStore,
  nowMs: number,
  localZone: string,
  acked: readonly { key: string; start: AlarmStart }[],
  known: readonly AlarmKnowledge[],
  signer?: RecordSigner,
): Promise<string[]> {
  if (acked.length === 0) return [];
  const record = await loadEscalations(files, nowMs, () => undefined, known, undefined, signer).catch(() => undefined);
  return acked.flatMap(({ key, start }) => {
    const atMs = record?.booked[key]?.atMs ?? record?.maybe?.[key]?.atMs;
    if (atMs === undefined || atMs <= nowMs) return [];
    return [stillRingsLine(atMs, start, localZone, nowMs)];
  });
}
