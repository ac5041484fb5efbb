// The phone service's last refusal of an alert (a 4xx: a user key or token no longer valid; Pushover's monthly
// limit, with when it resets), kept on disk (`phone-refusal.json`) with the channel it was refused on and when, so a
// restart doesn't forget it and read "armed ✓" again (adv50 r37 #2). Read back like every file (read-back.ts): a
// file not of its shape is kept aside and said; one for another channel than the one in use (other keys, another
// service), or a reset already passed, is dropped. One that can't be true against the clock or its own cause (a
// monthly reset further ahead than the service's next one, a "limit" on a refusal that was no limit: adv52 r46 #1),
// or ended by the channel's later alert or Send test that went through (`phone-ok.json`: a copy put back, adv52
// r46 #2), is kept aside and said. It names the channel by its hash and the service's reason: no secret.
import { z } from 'zod';
import type { FileStore } from '../ports';
import type { Notice } from '../storage/settings-store';
import { droppedText, keepAside, plausibleMs, plausibleText, readBack, refusedText } from '../storage/read-back';
import { MAX_RESET_MS, MONTHLY_LIMIT, nextMonthStart } from './pushover';

export const REFUSAL_FILE = 'phone-refusal.json';
/** When the service last took the channel's alert or Send test after a refusal, and which refusal that ended (its
 *  `atMs`): that refusal put back is not the service's word any more. Its own file, so a refusal put back over
 *  phone-refusal.json can't take it along. Named, not dated: a date alone was ordered against the refusal's with a
 *  margin for a clock set back, so a copy dated a little ahead ended a live refusal (adv52 r47 #3). */
export const PHONE_OK_FILE = 'phone-ok.json';
const NOTICE_ID = 'phone-refusal';
const WHAT = 'the phone service’s saved refusal';
const MAX_WHY_CHARS = 300;
/** A clock set back since a record was written (a day), and a reset named in the service's own zone. */
const MARGIN_MS = 86_400_000;
const CHANNEL = z.string().regex(/^ch[A-Za-z0-9]{1,40}$/);

const RefusalSchema = z.object({
  version: z.literal(1),
  ch: CHANNEL,
  why: z.string().max(MAX_WHY_CHARS),
  untilMs: z.number().optional(),
  /** When it was refused; absent in a file written before refusals were dated. */
  atMs: z.number().optional(),
});
type Refusal = z.infer<typeof RefusalSchema>;
/** `after`: the atMs of the refusal it ended; absent when that refusal was undated (or from before it was named). */
const WentThroughSchema = z.object({
  version: z.literal(1),
  ch: CHANNEL,
  atMs: z.number(),
  after: z.number().optional(),
});

export interface KeptRefusal {
  why: string;
  /** Refused until then (a quota spent); absent: until the settings change or a Send test goes through. */
  untilMs?: number | undefined;
  /** When it was refused: what a later delivery names as the refusal it ended (undefined: undated, an old file). */
  atMs?: number | undefined;
}

/** Why the refusal read back can't be what the app wrote by `nowMs`; undefined when it can. */
function impossible({ why, atMs, untilMs }: Refusal, nowMs: number): string | undefined {
  if (!plausibleText(why, MAX_WHY_CHARS)) return 'text the app did not write';
  if (atMs !== undefined && !plausibleMs(atMs, nowMs + MARGIN_MS)) return 'a refusal dated after now';
  if (untilMs === undefined) return undefined;
  // Only the service's monthly-limit 429 is refused until a reset (http.ts: "the server answered 429: …").
  if (!why.startsWith('the server answered 429') || !MONTHLY_LIMIT.test(why))
    return 'a limit’s reset on a refusal that was not the monthly limit';
  // The furthest reset the app works out (pushover.ts monthlyReset): within a month of the refusal, and never past
  // the month after the one now.
  const latestMs = Math.min(atMs === undefined ? Infinity : atMs + MAX_RESET_MS, nextMonthStart(nowMs) + MARGIN_MS);
  if (!Number.isSafeInteger(untilMs) || untilMs <= (atMs ?? -Infinity) || untilMs > latestMs)
    return 'a monthly limit’s reset the service could not have named';
  return undefined;
}

/** The refusal kept for `channel`, if one holds now; what doesn't is said through `report`. */
export async function loadRefusal(
  files: FileStore,
  channel: string,
  nowMs: number,
  report: (n: Notice) => void,
  /** The refusal the app's signed record (escalations.json `ended`) says a delivery ended: phone-ok.json's twin. */
  signedEnd?: { ch: string; after?: number | undefined },
): Promise<KeptRefusal | undefined> {
  const read = await readBack(files, REFUSAL_FILE, RefusalSchema, { maxChars: 2_000 });
  if (read.kind === 'absent') return undefined;
  if (read.kind !== 'read') {
    const reason = read.kind === 'unreadable' ? { kept: undefined, reason: read.reason } : read;
    report({ id: NOTICE_ID, message: refusedText(WHAT, reason) });
    return undefined;
  }
  const { ch, why, untilMs, atMs } = read.value;
  // Another channel's refusal is no false claim (the keys were changed since): said, and the file goes.
  if (ch !== channel) {
    report({ id: NOTICE_ID, message: droppedText(WHAT, ['a refusal for a phone channel not in use'], undefined) });
    await files.remove(REFUSAL_FILE);
    return undefined;
  }
  const problem = impossible(read.value, nowMs);
  if (problem !== undefined) {
    report({ id: NOTICE_ID, message: droppedText(WHAT, [problem], await keepAside(files, REFUSAL_FILE)) });
    return undefined;
  }
  const signedEnded = signedEnd !== undefined && signedEnd.ch === channel && signedEnd.after === atMs;
  if ((await endedByWentThrough(files, channel, atMs, nowMs, report)) || signedEnded) {
    const kept = await keepAside(files, REFUSAL_FILE);
    report({ id: NOTICE_ID, message: olderText(kept) });
    return undefined;
  }
  // A quota reset since: the refusal no longer stands (not a false entry: nothing to say).
  if (untilMs !== undefined && untilMs <= nowMs) return undefined;
  return { why, atMs, ...(untilMs === undefined ? {} : { untilMs }) };
}

const olderText = (kept: string | undefined): string =>
  'An older saved phone refusal was put back: the phone service took an alert or a Send test after it, so it was ' +
  `not used.${kept === undefined ? '' : ` The file was kept as ${kept}.`}`;

/** A delivery recorded at `atMs` can't be the app's by `nowMs`: why, or undefined. Not before 2000, and never after
 *  now: the delivery only counts when it names the refusal, so no margin for a clock set back is owed to it. */
function impossibleDelivery(atMs: number, nowMs: number): string | undefined {
  if (!Number.isSafeInteger(atMs)) return 'a time the app does not write';
  if (atMs < Date.UTC(2000, 0, 1)) return 'a time before 2000';
  return atMs > nowMs ? 'a time after now' : undefined;
}

/** The channel's alert or Send test went through after the refusal dated `atMs`: phone-ok.json names that refusal
 *  (undated: one naming none, as the app writes after an undated refusal). One that names another refusal, or none,
 *  is some other delivery's (an older one, another install's): not used, nothing to say. One that can't be read, or
 *  dated where the app can't have written it, is kept aside and said. */
async function endedByWentThrough(
  files: FileStore,
  channel: string,
  atMs: number | undefined,
  nowMs: number,
  report: (n: Notice) => void,
): Promise<boolean> {
  const read = await readBack(files, PHONE_OK_FILE, WentThroughSchema, { maxChars: 500 });
  const what = 'the phone service’s last delivery after a refusal';
  if (read.kind === 'absent') return false;
  if (read.kind !== 'read') {
    const reason = read.kind === 'unreadable' ? { kept: undefined, reason: read.reason } : read;
    report({ id: 'phone-ok', message: refusedText(what, reason) });
    return false;
  }
  if (read.value.ch !== channel) return false;
  const problem = impossibleDelivery(read.value.atMs, nowMs);
  if (problem !== undefined) {
    report({ id: 'phone-ok', message: droppedText(what, [problem], await keepAside(files, PHONE_OK_FILE)) });
    return false;
  }
  return read.value.after === atMs;
}

/** Writes the channel's refusal as of `nowMs`, or removes the file when none stands. A refusal is the newer word
 *  than the last delivery: that record goes first. */
export async function saveRefusal(
  files: FileStore,
  channel: string,
  refusal: KeptRefusal | undefined,
  nowMs: number,
): Promise<void> {
  if (refusal === undefined) return files.remove(REFUSAL_FILE);
  // Not removed (a disk error): the refusal is still written, and stands at a restart (that record names another).
  await files.remove(PHONE_OK_FILE).catch(() => undefined);
  const untilMs = refusal.untilMs;
  const record = {
    version: 1,
    ch: channel,
    why: refusal.why,
    atMs: nowMs,
    ...(untilMs === undefined ? {} : { untilMs }),
  };
  return files.writeAtomic(REFUSAL_FILE, `${JSON.stringify(record, null, 2)}\n`);
}

/** The channel's alert or Send test went through at `nowMs`, ending the refusal dated `refusedAtMs` (undefined:
 *  undated): that refusal goes, and what ended it is kept (phone-ok.json). */
export async function saveWentThrough(
  files: FileStore,
  channel: string,
  nowMs: number,
  refusedAtMs: number | undefined,
): Promise<void> {
  // Not removed (a disk error): the record below, naming it, still keeps it from being used at a restart.
  await files.remove(REFUSAL_FILE).catch(() => undefined);
  const record = { version: 1, ch: channel, atMs: nowMs, ...(refusedAtMs === undefined ? {} : { after: refusedAtMs }) };
  return files.writeAtomic(PHONE_OK_FILE, `${JSON.stringify(record, null, 2)}\n`);
}
