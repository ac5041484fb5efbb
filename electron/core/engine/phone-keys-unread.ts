// The phone's keys when the keychain refused to give them (a locked collection, a cancelled prompt): unknown, neither
// there nor missing (adv47 r44). Before, a refused read was taken as "no keys": the escalator was made with no channel,
// the alerts it had booked read as left on "a server no longer set up", Send test said "not set up", and an
// acknowledgement cancelled nothing, so the phone rang "not acknowledged" after an ack. Now the refusal is said as
// such, with the booked alert it leaves standing; the keys are read again (bounded: at most once a minute, and at
// each ack), and once read the escalator is made and every ack given meanwhile is handed to it (it cancels).
import { z } from 'zod';
import { formatDayTime } from '../../shared/format';
import type { StillRing } from '../../shared/phone-intent';
import type { AlarmTarget } from '../alarm/types';
import { ESCALATIONS_FILE } from '../escalation/record-store';
import type { FileStore } from '../ports';

/** A read refused is tried again no sooner than this (an ack tries at once: it must cancel). */
export const REREAD_MS = 60_000;

/** What the app knows while the keychain refuses the phone's keys. */
export interface KeysUnread {
  /** The alerts escalations.json says are booked (or may be): key → when they ring. */
  booked: ReadonlyMap<string, number>;
  /** Alarms acknowledged meanwhile: their bookings can't be cancelled until the keys are read. */
  acked: Set<string>;
  lastTryMs: number;
}

const BookedSchema = z.record(z.string(), z.object({ atMs: z.number() }));
const FileSchema = z.object({ booked: BookedSchema, maybe: BookedSchema.optional() });

/** The alerts booked as escalations.json says (read quietly: its own read-back judges it once the keys are read).
 *  Only used to say the phone may still ring, never to keep it quiet, so a claim is enough. */
export async function bookedOnFile(files: FileStore): Promise<Map<string, number>> {
  try {
    const text = await files.read(ESCALATIONS_FILE);
    const parsed = FileSchema.safeParse(text === undefined ? undefined : JSON.parse(text));
    if (!parsed.success) return new Map();
    const all = { ...(parsed.data.maybe ?? {}), ...parsed.data.booked };
    return new Map(Object.entries(all).map(([key, b]) => [key, b.atMs]));
  } catch {
    return new Map();
  }
}

// The keychain's own words for the refusal go to the log (phone.ts): they end in their own full stop, and a text
// another made is never cut to fit a sentence (test/core/truth/no-text-patching.test.ts).
const REFUSED = 'the keychain refused to give the app its phone keys (locked, or its prompt was cancelled)';

/** What readiness and Settings → Phone say: the keychain's refusal, and the soonest alert it leaves standing. */
export function unreadWords(u: KeysUnread, nowMs: number, localZone: string): string {
  const ahead = [...u.booked.values()].filter((ms) => ms > nowMs).sort((a, b) => a - b);
  const said = REFUSED;
  if (ahead[0] === undefined) return `${said}: nothing can be booked on the phone service until it does`;
  const at = formatDayTime(ahead[0], { nowMs, localZone });
  return `${said} — the phone alert booked for ${at} can’t be cancelled from here until it does`;
}

/** Send test and a save while the keys can't be read: nothing is sent or drawn anew (a new topic would orphan the
 *  old one's bookings). */
export const UNREAD_ANSWER = `The keychain refused to give the app its phone keys (locked, or its prompt was cancelled): unlock it, then try again. Nothing was sent or saved.`;

/** The alerts acknowledged meanwhile that are booked ahead: the phone may still ring for them. */
export function unreadStillRing(u: KeysUnread, nowMs: number, targets: readonly AlarmTarget[]): StillRing[] {
  const out: StillRing[] = [];
  for (const key of u.acked) {
    const atMs = u.booked.get(key);
    if (atMs === undefined) continue;
    const t = targets.find((x) => x.key === key);
    out.push({
      key,
      at: new Date(atMs).toISOString(),
      scheduleName: t?.scheduleName ?? '',
      ...(t?.accountName ? { accountName: t.accountName } : {}),
      ...(t?.scheduleZone ? { scheduleZone: t.scheduleZone } : {}),
      why: 'acknowledged',
      error: 'its keys couldn’t be read from the keychain',
      passed: atMs <= nowMs,
    });
  }
  return out;
}
