// The hand-off's worker: sends what may be sent, one item at a time, each on disk before it leaves, and looks again
// for what is unknown until it is known. Shared with the controller through one run context, so the controller
// (controller.ts) reads as its operations (start, create, retry, dismiss) and this as how an item is sent.
import type { HandoffItem, HandoffRun, HandoffStatus } from '../../shared/handoff';
import { handoffSaid, STILL_CHECKING, stillChecking, unconfirmed, UNCONFIRMED_PREFIX } from '../../shared/handoff-text';
import { NOT_SAVED_MESSAGE } from './store';
import { withBeforeSend } from '../actions/before-send';
import type { RequestOf, ResponseOf } from '../../shared/ipc-contract';
import { sendGate } from './send-gate';
import { answeredAt } from '../actions/settle-clock';
import { lateLook, mayStillLand, noteSettle, settleOver, watchMs, type SettleEnds } from './watch-late';
import { coverRefusedText, coverUnreadText, serviceNames } from './cover-rule';
import type { Unread } from '../actions/unread-words';
import { HANDED_UNCHECKED, REFUSED_CHECKED, REFUSED_UNCHECKED } from './store-claims';
import type { Made } from './look';
import { LANDED_UNREAD, landedNow, type OwnWrite } from './landed-again';
import type { runSaver } from './run-saver';
import { unsentNow, unsentUnchecked } from './resume-check';
import {
  clipToNow,
  covering,
  heldFirst,
  landedThenChanged,
  lookFirst,
  maybeSent,
  notShown,
  sentOnce,
  requestOf,
  stateOfAnswer,
  type WriteDeps,
} from './write-one';
import type { HandoffPlan } from '../../shared/handoff';
import type { AppState } from '../../shared/view-state';
import type { Clock, FileStore } from '../ports';
import type { CacheOrigin } from '../storage/cache-origin';
import type { Notice } from '../storage/settings-store';
import type { RecordSigner } from '../storage/record-key';

export interface HandoffDeps extends Omit<WriteDeps, 'nowMs'> {
  clock: Clock;
  files: FileStore;
  state: () => AppState;
  /** A fresh plan over the items' span, to check each item is still a block of mine. */
  planFor: (startMs: number, endMs: number) => HandoffPlan;
  /** Reads every account again (a resume whose schedules have not been read yet). */
  refresh?: () => Promise<unknown>;
  /** Does the service show the override a saved "handed off" recorded, as it was made? (undefined: unread) */
  made?: (ref: string, w: { overrideId: string; startMs: number; endMs: number; emails: string[] }) => Promise<Made>;
  /** Tells the engine the run changed (nothing else; the renderer asks handoff:get). */
  changed?: () => void;
  /** The app's notices: what the saved hand-off's read at start refused or dropped is said there once, as for every
   *  other file (not only in the away window, which a user may never open). */
  report?: (notice: Notice) => void;
  /** Each account's service address and e-mail now (cache-origin.ts): the run is stamped with them and checked on
   *  load. Absent (demo: its simulator takes a new port each launch): neither stamped nor checked. */
  origins?: () => Record<string, CacheOrigin>;
  /** Is the cover on a watched schedule of the block's account as the service lists its people now (cover-rule.ts
   *  coverOnService; Unread: not read)? Absent: the saved list's check (send-gate.ts) is the only one. */
  coverNow?: (ref: string, cover: string) => Promise<boolean | Unread>;
  /** The overrides the app wrote on this schedule (by ref; its own-write record): after a restart, a Create asking
   *  again for blocks it already handed off is recognised as that hand-off, read again (landed-again.ts). */
  ownWrites?: (ref: string) => readonly OwnWrite[];
  /** `create` takes the step of actions/before-send.ts (the engine's write path): the item is saved as "sending"
   *  there, after the write's own record. Absent: saved before `create` is called. */
  savesBeforeSend?: true;
  /** The install's record key (record-key.ts): the record of closed and ended runs is signed with it
   *  (closed-runs.ts). Absent, or none given: written unsigned and read for its shape, as the app's other records. */
  signer?: () => Promise<RecordSigner | undefined>;
  /** How soon an unknown item is looked for again (default RECHECK_MS): the e2e host, on a real clock, asks sooner. */
  recheckMs?: number;
}

/** How soon an item whose outcome couldn't be checked is looked for again (one read of its schedule). */
export const RECHECK_MS = 15_000;

/** One controller's run and what goes with it; only the controller and the worker hold it. */
export interface RunContext {
  deps: HandoffDeps;
  write: WriteDeps;
  saver: ReturnType<typeof runSaver>;
  /** One operation at a time (a chain), so a retry and a resume never send the same item twice. */
  queue: <T>(op: () => Promise<T>) => Promise<T>;
  run: HandoffRun | null;
  notice: string | null;
  stopped: boolean;
  cancelRecheck?: (() => void) | undefined;
  /** When each item said "checking" has had its settle (watch-late.ts): then it is restated from the service. */
  settles?: SettleEnds;
}

const settlesOf = (ctx: RunContext): SettleEnds => (ctx.settles ??= new Map<string, number>());

export function statusOf(ctx: RunContext): HandoffStatus {
  const { run } = ctx;
  return {
    run,
    said: run ? handoffSaid(run) : null,
    notice: [ctx.notice, ctx.saver.problem()].filter((n) => n !== null).join(' ') || null,
  };
}

/** Replaces one item and saves; after a stop nothing is saved (the app is gone as far as the disk knows). True
 *  when the item is on disk (the run shown is the truth either way; a folder that refused is said in the status). */
/** The item as a new answer states it: its outcome and refusal go with the message they were set with, never kept. */
const restated = (item: HandoffItem, change: Partial<HandoffItem>): HandoffItem => ({
  ...item,
  outcome: undefined,
  refusal: undefined,
  ...change,
});

async function put(ctx: RunContext, item: HandoffItem): Promise<boolean> {
  if (ctx.stopped || !ctx.run) return false;
  ctx.run = { ...ctx.run, items: ctx.run.items.map((i) => (i.id === item.id ? item : i)) };
  const saved = await ctx.saver.save(ctx.run);
  ctx.deps.changed?.();
  return saved && !ctx.stopped;
}

async function sendOne(ctx: RunContext, given: HandoffItem): Promise<void> {
  // A refusal for rights is about its last send only: what this send finds says it anew.
  const { retryable: _last, seenAfterSend: _seen, ...item } = given;
  if (maybeSent(item)) {
    const seen = await lookFirst(ctx.write, item);
    if (seen) return void (await put(ctx, restated(item, seen)));
    // Its send may have left with no answer: not shown is never "send it" (it may have landed under a change back).
    // An error answer is sent again through the write path, whose record of it waits out the settle and sends it
    // only while the schedule is unmoved since just before it (actions/override-again.ts; adv48 r18 #1).
    if (item.state !== 'not_landed' && item.erred !== true)
      return void (await put(ctx, restated(item, { ...(await notShown(ctx.write, item)) })));
  }
  const clipped = clipToNow(item, ctx.deps.clock.now());
  if (!('id' in clipped)) return void (await put(ctx, restated(item, clipped)));
  // Written only on what the service holds now: a manager's change since the plan is said, never written over.
  const held = await heldFirst(ctx.write, clipped, sentOnce(item));
  // Pressed inside the 2 minutes its error answer gives the service: a change read now is not final (the earlier write
  // may still land over it), so it is not said as "changed" and nothing is sent; the item stays "checking" and is
  // restated once it lands or the 2 minutes are over (watch-late.ts; adv48 r23 F1).
  if (held?.state === 'changed' && stillChecking(item) && !settleOver(settlesOf(ctx), item, ctx.deps.clock)) return;
  if (held) return void (await put(ctx, restated(item, held)));
  // The cover rule on the schedules' people as the service lists them now, not as last synced (adv48 round 10 #2).
  const onService = ctx.deps.coverNow ? await ctx.deps.coverNow(clipped.scheduleId, clipped.email) : true;
  if (onService !== true) {
    const message =
      onService === false
        ? coverRefusedText(clipped.email.trim(), serviceNames(ctx.deps.state(), clipped.scheduleId))
        : coverUnreadText(onService, ctx.write.held.at?.());
    return void (await put(ctx, restated(item, { state: 'not_sent', message })));
  }
  // Sent before (its answer lost, or the app stopped): checked not shown and held as planned just now, so a record
  // of that attempt ("may be in place") doesn't stop it; who it replaces goes with it, read again by the write path.
  const me = ctx.write.held.meOn(clipped.scheduleId);
  const base = requestOf(clipped, me === '' ? undefined : me);
  const request = maybeSent(item) && me !== '' ? { ...base, replaces: [me] } : base;
  const answer = await sendSaved(ctx, restated(clipped, { state: 'sending', message: '' }), request);
  if (answer === undefined) {
    // Not on disk, so it never left: told as not sent, and Retry sends it once the folder can be written.
    if (!ctx.stopped) await put(ctx, restated(clipped, { state: 'not_sent', message: NOT_SAVED_MESSAGE }));
    return;
  }
  const answered = stateOfAnswer(answer);
  // A press again inside an earlier write's settle: nothing sent, "checking" as the first answer was (watched, and
  // restated once the settle is over), never an unknown read as a lost answer (fix48z #1).
  const waits = answered.state === 'unknown' && answered.message.includes(STILL_CHECKING);
  const said = waits ? { ...answered, state: 'not_landed' as const } : answered;
  // Held as planned (read just now) and shown after the send, its answer lost: the app's own write (no id to fetch).
  const ours = said.state === 'handed_off' && said.overrideId === undefined ? { seenAfterSend: true as const } : {};
  noteSettle(settlesOf(ctx), { id: clipped.id, ...said }, ctx.deps.clock);
  // An error answer not checked yet (the schedule unread): its settle runs from this answer, not from a later look.
  if (said.erred && said.state === 'unknown') settlesOf(ctx).set(clipped.id, answeredAt(ctx.deps.clock));
  await put(ctx, restated(clipped, { erred: undefined, answer: undefined, ...said, ...ours }));
}

/** Sends the request with the item on disk as "sending" before it leaves: a stop from then on leaves "may have been
 *  sent", looked for on resume. Saved by the write path's step once its own record is (before-send.ts), so a write
 *  it refused to send is never on disk as "sending" (adv52 round 22 #1); a creator without that step: saved first.
 *  undefined: the item could not be saved, and nothing was sent. */
async function sendSaved(
  ctx: RunContext,
  sending: HandoffItem,
  request: RequestOf<'override:create'>,
): Promise<ResponseOf<'override:create'> | undefined> {
  if (ctx.deps.savesBeforeSend !== true) return (await put(ctx, sending)) ? ctx.deps.create(request) : undefined;
  // The folder refused the run's last save: tried again as it stands before the write path is asked at all, so a
  // folder still refusing sends nothing and touches no other record.
  const now = ctx.run?.items.find((i) => i.id === sending.id);
  if (ctx.saver.problem() !== null && (!now || !(await put(ctx, now)))) return undefined;
  let saved: boolean | undefined;
  let live = true;
  // Taken once, and only while this create runs: a step reached from anything else sends nothing.
  const step = async (): Promise<string | undefined> => {
    if (!live || saved === false) return NOT_SAVED_MESSAGE;
    saved ??= await put(ctx, sending);
    return saved ? undefined : NOT_SAVED_MESSAGE;
  };
  try {
    const answer = await withBeforeSend(step, () => ctx.deps.create(request));
    // The write path's own record not saved either: nothing left, said as the item's own save is.
    const unsaved = saved === false || (!answer.ok && answer.error.kind === 'storage');
    return unsaved ? undefined : answer;
  } finally {
    live = false;
  }
}

/** A refusal read back from the file: the schedule is read, never the file's word taken (store-claims.ts). Still
 *  refused, it keeps the reason the read checked (the app's sentence and the service's words, saved-refusal.ts). */
async function checkRefusal(ctx: RunContext, item: HandoffItem): Promise<void> {
  const seen = await lookFirst(ctx.write, item);
  if (seen?.state === 'handed_off') return void (await put(ctx, restated(item, seen)));
  const message = seen ? 'before the app restarted (the schedule could not be read to check it)' : REFUSED_CHECKED;
  await put(ctx, restated(item, { message, refusal: item.refusal }));
}

const NO_RECORD = `${UNCONFIRMED_PREFIX} the saved hand-off has no record of an override it made (its answer may have been lost), and the schedule does not show it, so nothing was sent. Check this shift in My shifts.`;
const noRecordShown = (who: string) =>
  `${UNCONFIRMED_PREFIX} the schedule shows ${who} over it, but the saved hand-off has no record of an override it made (its answer may have been lost), so nothing was sent.`;

/** A saved "handed off" with no override id (its answer was lost, or the schedule showed it already): the
 *  schedule is read, and what it shows is said, but never as this hand-off's doing. */
async function noRecord(ctx: RunContext, item: HandoffItem): Promise<void> {
  const seen = await ctx.write.look(item.scheduleId, Date.parse(item.start), Date.parse(item.end), covering(item));
  if (seen === undefined) return;
  const message = seen === 'covered' ? noRecordShown(item.name || item.email) : NO_RECORD;
  await put(ctx, restated(item, { state: 'changed', message, outcome: 'unconfirmed' }));
}
/** A saved "handed off" the app saw land after its own send (no id: its answer was lost): the schedule showing it
 *  still is this hand-off's override; not shown, it landed and a change since covers it (said with what holds). */
async function seenAgain(ctx: RunContext, item: HandoffItem): Promise<void> {
  const seen = await ctx.write.look(item.scheduleId, Date.parse(item.start), Date.parse(item.end), covering(item));
  if (seen === undefined) return;
  // Not shown, and no override of the app's own held (no id): one that never landed and one undone look the same,
  // so the file's word is not said again (adv52 round 10 #2); only one the service still holds ('hidden') landed.
  if (seen === 'not_covered')
    return void (await put(ctx, restated(item, { state: 'changed', message: NO_RECORD, outcome: 'unconfirmed' })));
  if (seen !== 'covered')
    return void (await put(ctx, restated(item, { ...(await landedThenChanged(ctx.write, item)) })));
  await put(
    ctx,
    restated(item, { state: 'handed_off', message: 'The schedule shows the override this hand-off made.' }),
  );
}
const NOT_SHOWN = `${UNCONFIRMED_PREFIX} the service does not show the override this hand-off recorded (removed, changed, or never made), so nothing was sent. Check this shift in My shifts.`;

/** A "handed off" read back from the file: said again only when the service shows the override it recorded, with
 *  the same window and people. Whoever the schedule shows over that time proves nothing (a block that was never
 *  mine shows its own person); unconfirmed, it is said so, and nothing is written from it (a Retry included). */
async function checkHandedOff(ctx: RunContext, item: HandoffItem): Promise<void> {
  const { overrideId, ...rest } = item;
  if (overrideId === undefined) return item.seenAfterSend ? seenAgain(ctx, item) : noRecord(ctx, item);
  const emails = covering(item).map((e) => e.toLowerCase());
  const w = { overrideId, startMs: Date.parse(item.start), endMs: Date.parse(item.end), emails };
  const made = await ctx.deps.made?.(item.scheduleId, w);
  // Unread (a network failure, no client yet): still checking, and looked for again soon.
  if (made === undefined) return;
  if (made === 'gone')
    return void (await put(ctx, restated(rest, { state: 'changed', message: NOT_SHOWN, outcome: 'unconfirmed' })));
  // Its own override is still held; the schedule says whether it still decides who is on call (a manager's later
  // override may cover it: landed, then changed, said with what holds now).
  const seen = await ctx.write.look(item.scheduleId, w.startMs, w.endMs, covering(item));
  if (seen === undefined) return;
  if (seen !== 'covered')
    return void (await put(ctx, restated(item, { ...(await landedThenChanged(ctx.write, item)) })));
  await put(
    ctx,
    restated(item, { state: 'handed_off', message: 'The service shows the override this hand-off made.' }),
  );
}

/** Sends what may be sent (pending; with `again`, what did not land too) and checks what is unknown. */
export async function work(ctx: RunContext, again: boolean): Promise<void> {
  try {
    for (const first of ctx.run?.items ?? []) {
      if (ctx.stopped) return;
      const item = ctx.run?.items.find((i) => i.id === first.id);
      if (!item) continue;
      // A retry sends what did not land; what may have landed is looked for first (sendOne), never sent blind.
      const refusedForGood = item.state === 'refused' && item.retryable !== true;
      const sends = item.state === 'pending' || (again && !refusedForGood && !unconfirmed(item));
      // Not watched now, another service address, a cover the app may not hand it to: said, nothing read or sent.
      const gate = ctx.run && sendGate(ctx.deps.state(), ctx.deps.origins?.(), ctx.run, item);
      if (gate && (sends || item.state === 'unknown' || item.state === 'sending')) await put(ctx, restated(item, gate));
      else if (item.state === 'unknown' && item.message === HANDED_UNCHECKED) await checkHandedOff(ctx, item);
      // Held as not yet sent by a file the app can't vouch for (an older copy, say): said as the service holds it
      // now, before anything else, and never sent from that word (a Retry while it is checked reads it too).
      else if (unsentUnchecked(item)) {
        const now = await unsentNow(ctx.write, item);
        if (now) await put(ctx, restated(item, now));
      }
      // Landed before this press: read again and said as the service holds it now, never sent (landed-again.ts).
      else if ((again && item.state === 'handed_off') || (item.state === 'unknown' && item.message === LANDED_UNREAD))
        await put(ctx, restated(item, await landedNow(ctx.write, item)));
      else if (
        item.state === 'pending' ||
        (again && item.state !== 'handed_off' && !refusedForGood && !unconfirmed(item))
      )
        await sendOne(ctx, item);
      else if (item.state === 'refused' && item.message === REFUSED_UNCHECKED) await checkRefusal(ctx, item);
      else if (mayStillLand(item, ctx.deps.clock.now())) {
        const late = await lateLook(ctx.write, item, settleOver(settlesOf(ctx), item, ctx.deps.clock));
        if (late) await put(ctx, restated(item, late));
      } else if (item.state === 'unknown' || item.state === 'sending') {
        const seen = (await lookFirst(ctx.write, item)) ?? (await notShown(ctx.write, item));
        await put(ctx, restated(item, seen));
      }
    }
  } finally {
    // A step that failed (its state not saved to disk) stops no loop: what is still unknown is looked for again.
    scheduleRecheck(ctx);
  }
}

function scheduleRecheck(ctx: RunContext): void {
  ctx.cancelRecheck?.();
  ctx.cancelRecheck = undefined;
  if (ctx.stopped || !ctx.run) return;
  const nowMs = ctx.deps.clock.now();
  // Unknown: looked for again soon. A write that may still land: looked at on a slower beat until its block starts.
  const ms = ctx.run.items.some((i) => i.state === 'unknown')
    ? (ctx.deps.recheckMs ?? RECHECK_MS)
    : ctx.run.items.some((i) => mayStillLand(i, nowMs))
      ? watchMs(settlesOf(ctx), ctx.run.items, ctx.deps.clock)
      : undefined;
  if (ms === undefined) return;
  ctx.cancelRecheck = ctx.deps.clock.setTimer(ms, () => void ctx.queue(() => work(ctx, false)));
}
