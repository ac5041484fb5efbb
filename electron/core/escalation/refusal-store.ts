// The phone service's last refusal of an alert (a 4xx: a user key or token no longer valid; Pushover's monthly
// limit, with when it resets), kept on disk (`phone-refusal.json`) with the channel it was refused on, so a restart
// doesn't forget it and read "armed ✓" again (adv50 r37 #2). Read back like every file (read-back.ts): a file not of
// its shape is kept aside and said; one for another channel than the one in use (other keys, another service), or a
// reset already passed, is dropped and said. It names the channel by its hash and the service's reason: no secret.
import { z } from 'zod';
import type { FileStore } from '../ports';
import type { Notice } from '../storage/settings-store';
import { droppedText, plausibleText, readBack, refusedText } from '../storage/read-back';

export const REFUSAL_FILE = 'phone-refusal.json';
const NOTICE_ID = 'phone-refusal';
const WHAT = 'the phone service’s saved refusal';
const MAX_WHY_CHARS = 300;

const RefusalSchema = z.object({
  version: z.literal(1),
  ch: z.string().regex(/^ch[A-Za-z0-9]{1,40}$/),
  why: z.string().max(MAX_WHY_CHARS),
  untilMs: z.number().optional(),
});

export interface KeptRefusal {
  why: string;
  /** Refused until then (a quota spent); absent: until the settings change or a Send test goes through. */
  untilMs?: number | undefined;
}

/** The refusal kept for `channel`, if one holds now; what doesn't is said through `report`. */
export async function loadRefusal(
  files: FileStore,
  channel: string,
  nowMs: number,
  report: (n: Notice) => void,
): Promise<KeptRefusal | undefined> {
  const read = await readBack(files, REFUSAL_FILE, RefusalSchema, { maxChars: 2_000 });
  if (read.kind === 'absent') return undefined;
  if (read.kind !== 'read') {
    const reason = read.kind === 'unreadable' ? { kept: undefined, reason: read.reason } : read;
    report({ id: NOTICE_ID, message: refusedText(WHAT, reason) });
    return undefined;
  }
  const { ch, why, untilMs } = read.value;
  const problem =
    ch !== channel
      ? 'a refusal for a phone channel not in use'
      : !plausibleText(why, MAX_WHY_CHARS)
        ? 'text the app did not write'
        : undefined;
  if (problem !== undefined) {
    report({ id: NOTICE_ID, message: droppedText(WHAT, [problem], undefined) });
    await files.remove(REFUSAL_FILE);
    return undefined;
  }
  // A quota reset since: the refusal no longer stands (not a false entry: nothing to say).
  if (untilMs !== undefined && untilMs <= nowMs) return undefined;
  return { why, ...(untilMs === undefined ? {} : { untilMs }) };
}

/** Writes the channel's refusal, or removes the file when none stands. */
export async function saveRefusal(files: FileStore, channel: string, refusal: KeptRefusal | undefined) {
  if (refusal === undefined) return files.remove(REFUSAL_FILE);
  const untilMs = refusal.untilMs;
  const record = { version: 1, ch: channel, why: refusal.why, ...(untilMs === undefined ? {} : { untilMs }) };
  return files.writeAtomic(REFUSAL_FILE, `${JSON.stringify(record, null, 2)}\n`);
}
