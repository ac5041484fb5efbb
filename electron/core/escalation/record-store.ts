// Reading escalations.json back (issue 52: every file read back is a claim). What was booked on the phone service or
// sent is parsed with its schema, then each entry is checked: a "sent" stamp dated ahead of the clock would stop the
// phone ringing, and a booking whose id is not the one the app derives from its alarm key (alertIdOf) would send that
// id — "../another-topic/…", a line break — to the phone service. Each time is checked against what the app itself
// could have written (adv52 r5): a booking's is its alarm's (the start, or 5 min before) plus `afterMin` (1–30 min),
// whole minutes from the start, and a "sent" stamp is never earlier than the earliest of those; a booking or receipt
// must name a channel the app has (the one in use, or one left whose keys it keeps). Such entries are dropped and said once; the file
// that held them, or a file that isn't the app's (or is far too big to be), is kept aside before the app writes its
// own. Entries older than the alarms' retention are let go: nothing can act on them any more, and the file stays small.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { MAX_ESCALATE_AFTER_MIN, MIN_ESCALATE_AFTER_MIN } from '../../shared/escalation-settings';
import { isKnownZone } from '../../shared/wall-clock';
import { alarmKeyProblem, alarmStampOf, UNWATCHED, type AlarmKnowledge } from '../alarm/alarm-claims';
import { CacheOriginSchema, type CacheOrigin } from '../storage/cache-origin';
import { originFilter } from './record-origin';
import { foreignSentText } from './foreign-sent-words';
import { ALARM_RETENTION_MS } from '../alarm/alarm-store';
import { ALARM_EARLY_MS } from '../alarm/plan';
import type { FileStore } from '../ports';
import { droppedText, keptForDropped, plausibleMs, readBack, refusedText, sortClaims } from '../storage/read-back';
import { newerFieldsText, newerVersionText } from '../storage/newer-content';
import type { Notice } from '../storage/settings-store';
import { reasonOf } from '../storage/write-watch';
import { UNSIGNED, unsignedAs, vouches, type RecordSigner } from '../storage/record-key';
import { NTFY_MAX_DELAY_MS } from './ntfy';
import { PUSHOVER_EXPIRE_S, RECEIPT_PATTERN } from './pushover';
import { CHANNEL_ID_PATTERN } from './secret';
import { MAX_RETRY_AFTER_MS } from './rate-gate';

export const ESCALATIONS_FILE = 'escalations.json';
export const ESCALATION_RECORD_NOTICE_ID = 'escalation-record';
/** Far above what a week of shifts writes (an entry is ~100 characters); a bigger file is refused unparsed. */
export const MAX_ESCALATIONS_CHARS = 1_000_000;
const SLACK_MS = 60_000;
const WHAT = 'the phone escalation record';
/** A phone alert's time is its alarm's (the start, or 5 min before) plus afterMin: never earlier than this after the
 *  start (negative: before it), never later than LATEST_DUE_MS. Nothing is sent or rings earlier either. */
const EARLIEST_DUE_MS = MIN_ESCALATE_AFTER_MIN * 60_000 - ALARM_EARLY_MS;
const LATEST_DUE_MS = MAX_ESCALATE_AFTER_MIN * 60_000;
/** The longest an alert repeats on the phone (Pushover's emergency expires then). */
const MAX_REPEAT_MS = PUSHOVER_EXPIRE_S * 1000;
const FALSE_CHANNEL = 'a booking on a phone channel the app never had';
/** A "may still ring" is said until an hour after its time (the escalator's AWAIT_ACK_MS: it rang, or it didn't). */
export const STILL_RING_FOR_MS = 60 * 60_000;

/** A server's host as the app keeps it with a booking (a name or address and a port; no path, user or query). */
const HostSchema = z
  .string()
  .max(260)
  .regex(/^[A-Za-z0-9.:[\]-]+$/);
const BookingSchema = z.object({
  id: z.string(),
  atMs: z.number(),
  ch: z.string().optional(),
  srv: HostSchema.optional(),
});
export const EscalationStateSchema = z.object({
  version: z.literal(1),
  /** key → the booked alert's id, when it rings, and where it is booked (`ch`, the channel's hash: a booking on a
   *  channel no longer used is cancelled there). Absent `ch` (written before it was kept): the channel in use. */
  booked: z.record(z.string(), BookingSchema),
  /** key → a booking whose answer was lost (no answer in time, a proxy's 504): the server may hold it, so it is
   *  cancelled on acknowledgement or hand-off like a booked one, and the app doesn't send the alert itself at its
   *  time (the server may deliver it). Kept on disk: a restart still cancels it. */
  maybe: z.record(z.string(), BookingSchema).optional(),
  /** key → when the app sent it (or the booking rang). */
  sent: z.record(z.string(), z.number()),
  /** key → the channel a booked alert was delivered on: once that channel is no longer used, its `-ack` is still
   *  read for the alert's answer (a `leftOn` entry with `ack`), as the phone's only alert may be the one there. */
  sentOn: z.record(z.string(), z.string()).optional(),
  /** key → the MAC of its "sent" (storage/record-key.ts): a "sent" the app didn't write keeps no phone quiet. */
  sentMacs: z.record(z.string(), z.string().max(100)).optional(),
  /** key → the MAC of its booking, in `booked` and `maybe` (record-key.ts): a booking the app didn't write makes
   *  nothing "armed" and is never cancelled on the phone service. */
  bookedMacs: z.record(z.string(), z.string().max(100)).optional(),
  maybeMacs: z.record(z.string(), z.string().max(100)).optional(),
  /** key → the MAC of its "may still ring" (record-key.ts): words the app didn't write are never shown (adv52 r13). */
  stillRingMacs: z.record(z.string(), z.string().max(100)).optional(),
  /** key → what the service answered for an alert sent (Pushover's receipt: to cancel it on an acknowledgement and
   *  to read the phone's), and its channel. Not a secret, yet never logged. */
  receipts: z.record(z.string(), z.object({ receipt: z.string(), ch: z.string() })).optional(),
  /** key → an alert sent whose answer was lost (no receipt) that may repeat until `untilMs` (Pushover's emergency):
   *  a hand-off stops it by its id (the tag), after a restart too. `id` is the app's own (alertIdOf), never a key. */
  unreceipted: z.record(z.string(), z.object({ id: z.string(), untilMs: z.number(), ch: z.string() })).optional(),
  /** key → when an alert was sent (or its booking rang) whose outcome is unknown (its answer was lost: no answer in
   *  time, a proxy's 504): it may have reached the phone, so it is not sent again, and readiness says so until the
   *  alarm is acknowledged or its answer window passes — after a restart too (before, a restart said nothing). */
  unsure: z.record(z.string(), z.number()).optional(),
  /** key → an alert known not sent (refused, a 4xx, the service's wait) at `atMs`, with its failure worded without
   *  secrets: said under its ringing alarm until it is acknowledged or its block ends — after a restart past its
   *  hour too (adv50 r44 F1: before, the line went with the restart and the alarm rang on with no word of the phone).
   *  `waitPastMs`: the service's wait outlasts the alert's hour (missed.ts). */
  unsent: z
    .record(
      z.string(),
      z.object({
        atMs: z.number(),
        /** When it was due: read back only once its hour is over (within it, the alert is tried again). */
        dueMs: z.number(),
        error: z.string().max(300),
        refused: z.boolean().optional(),
        waitPastMs: z.number().optional(),
      }),
    )
    .optional(),
  /** key → the MAC of its "not sent" (record-key.ts): words the app didn't write are never shown. */
  unsentMacs: z.record(z.string(), z.string().max(100)).optional(),
  /** What is left on a channel no longer used (Off, New topic, another server or keys) and may still ring there
   *  until `atMs`: a booking, or a receipt. Cancelled there (with the old channel's keys, kept in the keychain), then
   *  let go. */
  leftOn: z
    .array(
      z.object({
        key: z.string(),
        atMs: z.number(),
        ch: z.string(),
        receipt: z.string().optional(),
        srv: HostSchema.optional(),
        /** An alert delivered there, not cancelled: its "I'm on it" is read there until `atMs` (adv50 r13 #1). */
        ack: z.boolean().optional(),
      }),
    )
    .optional(),
  /** key → a booked alert that must not ring (no longer mine, or acknowledged) whose cancel hasn't gone through, the
   *  cancel's failure (worded without secrets) and the shift's names: kept here so `status` says "Your phone may
   *  still ring at 09:03 …" as the app does (issue 50); gone once the cancel lands or an hour after its time. */
  stillRing: z
    .record(
      z.string(),
      z.object({
        atMs: z.number(),
        error: z.string().max(500),
        why: z.enum(['not-mine', 'acknowledged', 'moved']),
        scheduleName: z.string().max(500).optional(),
        accountName: z.string().max(500).optional(),
        /** The schedule's zone, so `status` says "at 20:03 (15:03 New York)" as the app does (adv47 r14 #2); one
         *  that isn't a zone Intl knows is dropped on read (the line is said without it), not the entry. */
        scheduleZone: z.string().max(100).refine(isKnownZone).optional().catch(undefined),
      }),
    )
    .optional(),
  /** The refusal a Send test or alert that went through last ended (its channel and `after`, the refusal's atMs), as
   *  phone-ok.json names it, signed (`endedMac`): a refusal put back with phone-ok.json removed is still not used
   *  (adv52 r54 #1). */
  ended: z.object({ ch: z.string().max(100), after: z.number().optional() }).optional(),
  endedMac: z.string().max(100).optional(),
  /** Whose record it is: the service addresses and users it was written for (record-origin.ts). */
  origins: z.array(CacheOriginSchema).max(100).optional(),
});
export type LeftOn = NonNullable<EscalationState['leftOn']>[number];
export type EscalationState = z.infer<typeof EscalationStateSchema>;

/** A sequence id safe in a URL and stable per alarm, naming nothing (no schedule, no time). */
export const alertIdOf = (key: string): string =>
  `oc${createHash('sha256').update(key).digest('base64url').replace(/[-_]/g, '').slice(0, 20)}`;

/** An alarm's key as the app makes it: `alarm:<service>:<schedule id>:<start ISO>`, one line, bounded. */
const isAlarmKey = (key: string): boolean => key.length <= 600 && /^alarm:\S+:\d{4}-\d\d-\d\dT\S+Z$/.test(key);

const empty = (): EscalationState => ({ version: 1, booked: {}, sent: {} });

/** The start of the shift an alarm's key names (NaN when it names none). */
const startOf = (key: string): number => Date.parse(/\d{4}-\d\d-\d\dT[\d:.]+Z$/.exec(key)?.[0] ?? '');

/** Whether `atMs` can be the time the app books the phone alert of `key`'s shift at, under any settings it allows. */
const derivable = (key: string, atMs: number): boolean => {
  const offsetMs = atMs - startOf(key);
  return offsetMs >= EARLIEST_DUE_MS && offsetMs <= LATEST_DUE_MS && offsetMs % 60_000 === 0;
};

/** The channels the app has: the one in use and those left whose keys it keeps. Undefined: unknown (no channel in
 *  use: phone escalation off, or its keys not read), then no entry is dropped for its channel. */
export type KnownChannels = ReadonlySet<string> | undefined;

type Booking = z.infer<typeof BookingSchema>;
type Receipt = NonNullable<EscalationState['receipts']>[string];
type Unreceipted = NonNullable<EscalationState['unreceipted']>[string];

/** A receipt is sent back to the service (cancel, read): only one the app kept for an alert it sent. */
const receiptProblem =
  (sentKeys: ReadonlySet<string>, channels: KnownChannels) =>
  ([key, r]: [string, Receipt]): string | undefined =>
    !sentKeys.has(key) || !RECEIPT_PATTERN.test(r.receipt) || !CHANNEL_ID_PATTERN.test(r.ch)
      ? 'a receipt the app did not keep'
      : channels !== undefined && !channels.has(r.ch)
        ? FALSE_CHANNEL
        : undefined;

/** One whose answer was lost is cancelled by its id: only the app's own, for an alert it sent, repeating no longer
 *  than Pushover's emergency can. */
const unreceiptedProblem =
  (sentKeys: ReadonlySet<string>, channels: KnownChannels, nowMs: number) =>
  ([key, u]: [string, Unreceipted]): string | undefined =>
    !sentKeys.has(key) || u.id !== alertIdOf(key) || !CHANNEL_ID_PATTERN.test(u.ch)
      ? 'an entry the app did not make'
      : !plausibleMs(u.untilMs, nowMs + MAX_REPEAT_MS + SLACK_MS)
        ? "a time that can't be true"
        : channels !== undefined && !channels.has(u.ch)
          ? FALSE_CHANNEL
          : undefined;

/** A booking left on a channel no longer in use (cancelled there): only one the app made, on a channel it had. */
const leftOnProblem =
  (channels: KnownChannels, nowMs: number) =>
  (e: LeftOn): string | undefined =>
    !isAlarmKey(e.key) ||
    !CHANNEL_ID_PATTERN.test(e.ch) ||
    (e.receipt !== undefined && !RECEIPT_PATTERN.test(e.receipt))
      ? 'a booking the app did not make'
      : !plausibleMs(e.atMs, nowMs + NTFY_MAX_DELAY_MS + SLACK_MS)
        ? "a time that can't be true"
        : channels !== undefined && !channels.has(e.ch)
          ? FALSE_CHANNEL
          : undefined;

type StillRingEntry = NonNullable<EscalationState['stillRing']>[string];
type UnsentEntry = NonNullable<EscalationState['unsent']>[string];

/** A "not sent" read back is a claim: the app's alarm key, one line of words, a time the alert could have been tried
 *  at (not ahead of the clock, not before its shift could ring), no "sent" for the same key, and the app's MAC. The
 *  escalator says it only under an alarm still ringing unacknowledged in its block (escalator-run.ts unsentSaid). */
function sortUnsent(
  s: EscalationState,
  nowMs: number,
  keptSent: Record<string, number>,
  watchedProblem: (key: string) => string | undefined,
  signer: RecordSigner | undefined,
) {
  const sorted = sortClaims(Object.entries(s.unsent ?? {}), ([key, e]: [string, UnsentEntry]) => {
    if (!isAlarmKey(key) || /[\p{Cc}]/u.test(e.error)) return 'an entry the app did not make';
    if (!plausibleMs(e.atMs, nowMs + SLACK_MS) || e.atMs < startOf(key) + EARLIEST_DUE_MS)
      return "a time that can't be true";
    if (!plausibleMs(e.dueMs, e.atMs) || !derivable(key, e.dueMs)) return "a phone alert's time that isn't its alarm's";
    if (e.waitPastMs !== undefined && !plausibleMs(e.waitPastMs, e.atMs + MAX_RETRY_AFTER_MS + SLACK_MS))
      return "a time that can't be true";
    // Only its MAC vouches, even under a new key: "unsent" came after MACs (adv50 r44), so no version wrote one
    // unsigned and the new key's carry-over (vouches) would sign hand-written words as the app's (adv52 r53 #1).
    const mac = s.unsentMacs?.[key];
    if (signer && !signer.holds(ESCALATIONS_FILE, key, e, mac))
      return mac === undefined ? UNSIGNED : unsignedAs(signer, ESCALATIONS_FILE);
    const why = watchedProblem(key);
    return why === UNWATCHED ? undefined : why;
  });
  const kept = sorted.kept.filter(([key, e]) => keptSent[key] === undefined && e.atMs > nowMs - ALARM_RETENTION_MS);
  return { kept, dropped: sorted.dropped };
}

/** A "may still ring" names a booking the app made: its alarm's key on a schedule watched now (another service's, or
 *  an account's never watched, is a claim), a time it books at, one line of words, and the app's MAC (adv52 r13 #1:
 *  the words are shown on the tray and in `status`). One on a schedule no longer watched is kept only when its MAC
 *  vouches for it (a cancel stuck after the schedule was unwatched). */
const stillRingProblem =
  (
    nowMs: number,
    watchedProblem: (key: string) => string | undefined,
    macs: Record<string, string> | undefined,
    signer: RecordSigner | undefined,
  ) =>
  ([key, e]: [string, StillRingEntry]): string | undefined => {
    if (!isAlarmKey(key) || [e.error, e.scheduleName ?? '', e.accountName ?? ''].some((t) => /[\p{Cc}]/u.test(t)))
      return 'an entry the app did not make';
    if (!plausibleMs(e.atMs, nowMs + NTFY_MAX_DELAY_MS + SLACK_MS) || !derivable(key, e.atMs))
      return "a time that can't be true";
    const vouched = signer !== undefined && signer.holds(ESCALATIONS_FILE, key, e, macs?.[key]);
    if (signer && !vouched && !vouches(signer, ESCALATIONS_FILE, key, e, macs?.[key]))
      return unsignedAs(signer, ESCALATIONS_FILE);
    const why = watchedProblem(key);
    return why === UNWATCHED && vouched ? undefined : why;
  };

/** What is wrong with a booking (or a "maybe" booking) read back, given its MACs: undefined when it holds. */
const bookingProblemOf =
  (
    nowMs: number,
    watchedProblem: (key: string) => string | undefined,
    channels: KnownChannels,
    signer: RecordSigner | undefined,
  ) =>
  (macs: Record<string, string> | undefined) =>
  ([key, b]: [string, Booking]): string | undefined => {
    if (signer && !vouches(signer, ESCALATIONS_FILE, key, b, macs?.[key])) return unsignedAs(signer, ESCALATIONS_FILE);
    if (!isAlarmKey(key) || b.id !== alertIdOf(key)) return 'a booking the app did not make';
    if (b.ch !== undefined && !CHANNEL_ID_PATTERN.test(b.ch)) return 'a booking the app did not make';
    if (!plausibleMs(b.atMs, nowMs + NTFY_MAX_DELAY_MS + SLACK_MS)) return "a time that can't be true";
    // Past, it would count as sent (the phone kept quiet for that start): only a time the app could have booked.
    if (!derivable(key, b.atMs)) return "a phone alert's time that isn't its alarm's";
    if (b.ch !== undefined && channels !== undefined && !channels.has(b.ch)) return FALSE_CHANNEL;
    // A booking of a schedule not watched now is kept: with no target for it, the escalator cancels it on the
    // phone service (by the app's own id, derived from its key) before it rings, as for a shift handed off.
    const why = watchedProblem(key);
    return why === UNWATCHED ? undefined : why;
  };

/** What is wrong with a "sent" stamp's key and time (its MAC aside): undefined when it holds. */
const sentProblemOf =
  (nowMs: number, watchedProblem: (key: string) => string | undefined) =>
  (key: string, atMs: number): string | undefined => {
    // A "sent" of a schedule not watched now is parked, not dropped (it only keeps the phone quiet, and only for a
    // target, a watched block of mine): dropped, the phone was paged again once the schedule was watched again.
    const why = watchedProblem(key);
    if (why !== undefined && why !== UNWATCHED) return why;
    if (!plausibleMs(atMs, nowMs + SLACK_MS)) return 'a phone alert dated ahead of the clock';
    // Sent before its alert was due under any settings, it would keep the phone quiet for a start it never saw.
    const startMs = startOf(key);
    return Number.isNaN(startMs) || atMs < startMs + EARLIEST_DUE_MS
      ? 'a phone alert dated before its shift could ring'
      : undefined;
  };

/** The file was written with the record key (a run without it writes no MACs at all). */
const signedFile = (s: EscalationState): boolean =>
  [s.sentMacs, s.bookedMacs, s.maybeMacs, s.stillRingMacs, s.unsentMacs].some((macs) => macs !== undefined);

/** A signed file none of whose MACs holds under this key: signed with another (a data folder moved to another
 *  machine, the key lost from the keychain), so its entries can't be checked either way. */
const foreignFile = (s: EscalationState, signer: RecordSigner): boolean => {
  const groups: [Record<string, string> | undefined, Record<string, unknown> | undefined][] = [
    [s.sentMacs, s.sent],
    [s.bookedMacs, s.booked],
    [s.maybeMacs, s.maybe],
    [s.stillRingMacs, s.stillRing],
    [s.unsentMacs, s.unsent],
  ];
  const macs = groups.flatMap(([m, entries]) =>
    Object.entries(m ?? {}).map(([k, mac]) => ({ k, mac, entry: entries?.[k] })),
  );
  // No MAC at all is no sign of another key (an empty signed file with a "sent" added by hand, adv52 r16 #1).
  return macs.length > 0 && !macs.some(({ k, mac, entry }) => signer.holds(ESCALATIONS_FILE, k, entry, mac));
};

/** The "sent" stamps that hold, and those of the app's own shape without a MAC that holds (`unvouched`, pushed to;
 *  `foreign` too when the whole file is signed with another key). */
function sortSent(
  s: EscalationState,
  sentProblem: (key: string, atMs: number) => string | undefined,
  signer: RecordSigner | undefined,
  out: { unvouched: string[]; foreign: string[] },
) {
  const foreign = signer !== undefined && foreignFile(s, signer);
  return sortClaims(Object.entries(s.sent), ([key, atMs]) => {
    if (!isAlarmKey(key)) return 'an entry the app did not make';
    const why = sentProblem(key, atMs);
    if (why !== undefined) return why;
    const mac = s.sentMacs?.[key];
    if (!signer || vouches(signer, ESCALATIONS_FILE, key, atMs, mac)) return undefined;
    // A file signed with a key this app doesn't hold (moved from another machine, the key lost) can't be checked:
    // its "sent" is no worse than an unsigned one, "maybe sent", never sent again at once (adv52 r64 #1). In a file
    // this key signed, a wrong MAC is a tampered entry, and none at all was put there by hand (adv52 r16 #1); none
    // in a file with no MACs at all is what a run without the key wrote.
    if (foreign) out.foreign.push(key);
    else if (mac !== undefined || signedFile(s)) return unsignedAs(signer, ESCALATIONS_FILE);
    out.unvouched.push(key);
    return undefined;
  });
}

/** The "maybe sent" entries that hold (of a "sent" kept), and those still said: theirs, and each unvouched "sent". */
function sortUnsure(
  s: EscalationState,
  sentKeys: ReadonlySet<string>,
  keptSent: Record<string, number>,
  unvouched: readonly string[],
  nowMs: number,
) {
  const unsure = sortClaims(Object.entries(s.unsure ?? {}), ([key, atMs]) =>
    !sentKeys.has(key)
      ? 'an entry the app did not make'
      : !plausibleMs(atMs, nowMs + SLACK_MS)
        ? "a time that can't be true"
        : undefined,
  );
  const stillUnsure = [
    ...unsure.kept.filter(([key]) => keptSent[key] !== undefined && !unvouched.includes(key)),
    ...unvouched.flatMap((key) => (keptSent[key] !== undefined ? [[key, keptSent[key]] as const] : [])),
  ];
  return { unsure, stillUnsure };
}

/** The entries of `s` that hold now (`nowMs`), the reasons of those that don't, and those merely too old. With
 *  `known` (the accounts and their watched schedules), an entry naming a schedule not watched now is parked, not
 *  dropped: a "sent" stamp is used again once the schedule is watched again (dropped, the phone was paged again for
 *  an acknowledged start), and a booking still ahead, with no target for it, is cancelled by the escalator. */
export function sortEscalations(
  s: EscalationState,
  nowMs: number,
  known?: readonly AlarmKnowledge[],
  channels?: KnownChannels,
  signer?: RecordSigner,
): { state: EscalationState; dropped: string[]; unvouched: string[]; foreign: string[] } {
  const cutMs = nowMs - ALARM_RETENTION_MS;
  const watchedProblem = (key: string) => (known === undefined ? undefined : alarmKeyProblem(key, known));
  const bookingProblem = bookingProblemOf(nowMs, watchedProblem, channels, signer);
  const booked = sortClaims(Object.entries(s.booked), bookingProblem(s.bookedMacs));
  const maybe = sortClaims(Object.entries(s.maybe ?? {}), bookingProblem(s.maybeMacs));
  // A "sent" of the app's own shape without its MAC (a run whose keychain couldn't give the record key) is not
  // dropped as never sent: the phone may have been alerted, so it is kept as "maybe sent", never sent again at once
  // (a second emergency, its first receipt out of reach), and said (adv50 r11 #1).
  const unvouched: string[] = [];
  const foreign: string[] = [];
  const sent = sortSent(s, sentProblemOf(nowMs, watchedProblem), signer, { unvouched, foreign });
  const keptSent = Object.fromEntries(sent.kept.filter(([, atMs]) => atMs > cutMs));
  const sentKeys = new Set(sent.kept.map(([key]) => key));
  const receipts = sortClaims(Object.entries(s.receipts ?? {}), receiptProblem(sentKeys, channels));
  const unreceipted = sortClaims(Object.entries(s.unreceipted ?? {}), unreceiptedProblem(sentKeys, channels, nowMs));
  const stillUnreceipted = unreceipted.kept.filter(([key, u]) => u.untilMs > nowMs && keptSent[key] !== undefined);
  const { unsure, stillUnsure } = sortUnsure(s, sentKeys, keptSent, unvouched, nowMs);
  const leftOn = sortClaims(s.leftOn ?? [], leftOnProblem(channels, nowMs));
  const stillRing = sortClaims(
    Object.entries(s.stillRing ?? {}),
    stillRingProblem(nowMs, watchedProblem, s.stillRingMacs, signer),
  );
  const stillRinging = stillRing.kept.filter(([, e]) => e.atMs + STILL_RING_FOR_MS > nowMs);
  const unsent = sortUnsent(s, nowMs, keptSent, watchedProblem, signer);
  const stillLeft = leftOn.kept.filter((e) => e.atMs > nowMs);
  const sentOn = Object.entries(s.sentOn ?? {}).filter(
    ([key, ch]) => keptSent[key] !== undefined && CHANNEL_ID_PATTERN.test(ch) && (!channels || channels.has(ch)),
  );
  return {
    state: {
      version: 1,
      ...(s.origins ? { origins: s.origins } : {}),
      // Only the app's own (its MAC holds): a hand-written one would end a refusal that stands.
      ...(s.ended && signer?.holds(ESCALATIONS_FILE, 'ended', s.ended, s.endedMac) ? { ended: s.ended } : {}),
      booked: Object.fromEntries(booked.kept),
      ...(maybe.kept.length > 0 ? { maybe: Object.fromEntries(maybe.kept) } : {}),
      sent: keptSent,
      ...(sentOn.length > 0 ? { sentOn: Object.fromEntries(sentOn) } : {}),
      ...(receipts.kept.length > 0
        ? { receipts: Object.fromEntries(receipts.kept.filter(([key]) => keptSent[key] !== undefined)) }
        : {}),
      ...(stillUnreceipted.length > 0 ? { unreceipted: Object.fromEntries(stillUnreceipted) } : {}),
      ...(stillUnsure.length > 0 ? { unsure: Object.fromEntries(stillUnsure) } : {}),
      ...(stillLeft.length > 0 ? { leftOn: stillLeft } : {}),
      ...(stillRinging.length > 0 ? { stillRing: Object.fromEntries(stillRinging) } : {}),
      ...(unsent.kept.length > 0 ? { unsent: Object.fromEntries(unsent.kept) } : {}),
    },
    unvouched,
    foreign,
    dropped: [
      ...booked.dropped,
      ...maybe.dropped,
      ...sent.dropped,
      ...receipts.dropped,
      ...unreceipted.dropped,
      ...unsure.dropped,
      ...leftOn.dropped,
      ...stillRing.dropped,
      ...unsent.dropped,
    ],
  };
}

/** Reads what holds of escalations.json; what doesn't is said through `report` (never the file's own text). */
export async function loadEscalations(
  files: FileStore,
  nowMs: number,
  report: (n: Notice) => void,
  known?: readonly AlarmKnowledge[],
  channels?: KnownChannels,
  /** The app's record key: a "sent" without its MAC is dropped (taken once while the key is new, and re-signed). */
  signer?: RecordSigner,
  /** Filled with the keys of the "sent" stamps taken without their MAC (from a run without the key): they are never
   *  signed by this run (saveEscalations `unsigned`), so a claim is not made the app's own. */
  unvouchedOut?: Set<string>,
): Promise<EscalationState> {
  const say = (message: string): void => report({ id: ESCALATION_RECORD_NOTICE_ID, message });
  const read = await readBack(files, ESCALATIONS_FILE, EscalationStateSchema, { maxChars: MAX_ESCALATIONS_CHARS });
  if (read.kind === 'absent') return empty();
  if (read.kind === 'unreadable') {
    say(`The phone escalation record couldn't be read (${read.reason}): a phone alert already sent may be sent again.`);
    return empty();
  }
  if (read.kind === 'refused' && read.newer !== undefined) {
    say(newerVersionText(WHAT, read.newer, read.kept));
    return empty();
  }
  if (read.kind === 'refused') {
    say(refusedText(WHAT, read, 'a phone alert already sent may be sent again.'));
    return empty();
  }
  if (read.newer !== undefined)
    report({
      id: `${ESCALATION_RECORD_NOTICE_ID}-newer`,
      message: newerFieldsText(WHAT, read.newer.fields, read.newer.kept),
    });
  const stamp = read.value.origins;
  const others = known && stamp ? withoutOthers(read.value, stamp, known) : { state: read.value, dropped: [] };
  const sorted = sortEscalations(others.state, nowMs, known, channels, signer);
  const dropped = [...others.dropped, ...sorted.dropped];
  if (dropped.length > 0) say(droppedText(WHAT, dropped, await keptForDropped(files, ESCALATIONS_FILE, read.newer)));
  for (const key of sorted.unvouched) unvouchedOut?.add(key);
  const foreignSent = sorted.foreign.flatMap((key) => sorted.state.sent[key] ?? []);
  if (foreignSent.length > 0) say(foreignSentText(foreignSent, nowMs));
  else if (sorted.unvouched.length > 0)
    say(
      "A phone alert may already have been sent for a shift start while the app couldn't sign its records: it " +
        'is not sent again; check your phone.',
    );
  // The stamp as read is kept with the state: what it says of an address no account has now is written again.
  const state = stamp === undefined ? sorted.state : { ...sorted.state, origins: stamp };
  // A file from before stamps is taken this once and stamped at once (as alarms.json and reminders.json are).
  const unsigned =
    signer?.fresh === true &&
    Object.keys(state.sent).length +
      Object.keys(state.booked).length +
      Object.keys(state.maybe ?? {}).length +
      Object.keys(state.stillRing ?? {}).length >
      0;
  if ((stamp === undefined && known !== undefined) || unsigned)
    await saveEscalations(files, state, known, signer, new Set(sorted.unvouched));
  return state;
}

/** The record without the entries written for another service address or user (record-origin.ts). */
function withoutOthers(s: EscalationState, stamp: readonly CacheOrigin[], known: readonly AlarmKnowledge[]) {
  const { mine, keep, dropped } = originFilter(stamp, known);
  const state: EscalationState = {
    ...s,
    booked: keep(s.booked),
    sent: keep(s.sent),
    ...(s.sentOn ? { sentOn: keep(s.sentOn) } : {}),
    ...(s.maybe ? { maybe: keep(s.maybe) } : {}),
    ...(s.receipts ? { receipts: keep(s.receipts) } : {}),
    ...(s.unreceipted ? { unreceipted: keep(s.unreceipted) } : {}),
    ...(s.unsure ? { unsure: keep(s.unsure) } : {}),
    ...(s.leftOn ? { leftOn: s.leftOn.filter((e) => mine(e.key)) } : {}),
    ...(s.stillRing ? { stillRing: keep(s.stillRing) } : {}),
    ...(s.unsent ? { unsent: keep(s.unsent) } : {}),
  };
  return { state, dropped };
}

/** Saves the record; a failure (a read-only data folder, a folder where the file should be) is answered with its
 *  reason, never thrown: it must not stop the phone. What was sent stays in memory, so nothing is sent twice in this
 *  run, only perhaps after a restart. Before, the failed save threw out of the escalator's look, which was then never
 *  armed again: the phone never rang. */
export async function saveEscalations(
  files: FileStore,
  state: EscalationState,
  /** The accounts now: the record is stamped with their addresses and users (record-origin.ts). */
  known?: readonly AlarmKnowledge[],
  signer?: RecordSigner,
  /** Keys of "sent" stamps the app didn't vouch for: written without a MAC, never signed over. */
  unsigned?: ReadonlySet<string>,
): Promise<string | undefined> {
  try {
    // With no account now (settings.json unusable for a run) there is no one to stamp it for: left as it is.
    const stamped = known && known.length > 0 ? { ...state, origins: alarmStampOf(known, state.origins) } : state;
    const {
      sentMacs: _s,
      bookedMacs: _b,
      maybeMacs: _m,
      stillRingMacs: _r,
      unsentMacs: _u,
      endedMac: _e,
      ...rest
    } = stamped;
    const sign = signer?.sign;
    const macsOf = (entries: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(entries).map(([k, v]) => [k, sign?.(ESCALATIONS_FILE, k, v) ?? '']));
    const macs = sign
      ? {
          sentMacs: macsOf(Object.fromEntries(Object.entries(state.sent).filter(([k]) => unsigned?.has(k) !== true))),
          bookedMacs: macsOf(state.booked),
          ...(state.maybe ? { maybeMacs: macsOf(state.maybe) } : {}),
          ...(state.stillRing ? { stillRingMacs: macsOf(state.stillRing) } : {}),
          ...(state.unsent ? { unsentMacs: macsOf(state.unsent) } : {}),
          ...(state.ended ? { endedMac: sign(ESCALATIONS_FILE, 'ended', state.ended) } : {}),
        }
      : {};
    await files.writeAtomic(ESCALATIONS_FILE, JSON.stringify({ ...rest, ...macs }));
    return undefined;
  } catch (cause) {
    return reasonOf(cause) ?? 'the save failed';
  }
}
