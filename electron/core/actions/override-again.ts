// "Create again" after "most likely not saved". A service that applies writes slowly may save the first attempt
// after the app's check gave up on it; sending the same override again would then make two. So a create whose
// key (override.ts: sameCreateKey) had such an attempt first looks at the schedule over that attempt's window:
// shown in place, it was saved after all and nothing is sent; still not shown after another grace, it is sent;
// not readable, it is not sent (it may be there) and the doubt stays for the next try.
import type { OncallClient } from '../../api/client-types';
import type { OverrideOutcome } from '../../shared/ipc-contract';
import type { Clock } from '../ports';
import type { CreatedOverride } from '../model/snapshot';

/** What a create is for, kept with its record: a take-over remembers whom it replaced, for "Hand back". */
export type CreateNote = Required<Pick<CreatedOverride, 'kind'>> &
  Pick<CreatedOverride, 'replaced' | 'kept' | 'offUntil'>;
import { lookWithGrace, revisionNow, shownAtEdges, windowAsSent } from './override-verify';
import { changedAfterLost, shownNow } from './changed-after-lost';
import type { WordsDeps } from './plan-lines';
import type { HeldLine } from './window-before';
import { hadMs, settleLeftMs } from './settle-clock';
import type { Shift } from '../../api/schemas';
import type { PlannedOverride } from './override-window';
import { answerOfRecord, answerSaid, type WriteAnswer } from '../../shared/write-answer';

/** Long past any service's slowness: a create of the same window after this is a new wish, sent as usual. */
export const DOUBT_KEEP_MS = 30 * 60_000;

/** An attempt that may have been saved without the app seeing it. */
export interface Doubt {
  plan: PlannedOverride;
  note?: CreateNote;
  atMs: number;
  /** The schedule's revision as the app last read it before that write (undefined: not known). */
  revisionBefore?: number | null;
  /** This service was known then to move the revision on a write (said "most likely not saved"). Even so it is sent
   *  again only after the settle: a service may take the write and apply it, moving the revision, 30 s later. */
  moves?: boolean;
  /** No answer came at all (a timeout, a connection lost after sending), not an error answer (adv48 r11 #2). */
  lost?: boolean;
  /** What became of its answer, for every later word about it (shared/write-answer.ts). */
  answer?: WriteAnswer;
  /** The write's window as read just before it was sent (window-before.ts): after an error answer, only a change
   *  there holds it back (adv48 r25 #1). */
  heldBefore?: HeldLine[];
  /** Read back from the file at this session's start (not written). */
  restored?: boolean;
  /** The account's file that keeps it (not written): the record is the service's, its file one account's. */
  from?: DoubtFile;
}

/** The lost-answer records of one service (its address): every account writing there consults them before any write,
 *  the fall-through to the next account after a 401 or 403 too (adv48 r12 #2). Each account's file is registered. */
export interface DoubtPool {
  readonly doubts: Map<string, Doubt>;
  readonly files: Set<DoubtFile>;
  readonly merged: Set<DoubtFile>;
}

export const createDoubtPool = (): DoubtPool => ({ doubts: new Map(), files: new Set(), merged: new Set() });

/** Lost-answer records read back at the start that could not be used (the file refused, entries dropped): their
 *  schedules ('all' when unknown which) wait out a settle from then before any write (adv48 r12 #3). */
export interface Blind {
  scheduleIds: ReadonlySet<string> | 'all';
  sinceMs: number;
}

/** Where the doubts are kept across a restart (engine/lost-answer-store.ts). */
export interface DoubtFile {
  /** Records known to have existed that could not be used; undefined when none. */
  blind?(): Blind | undefined;
  /** The entries read back at the session's start (empty when there was no usable file). */
  entries(): Array<[string, Doubt]>;
  /** Writes the doubts held now (the file always holds what memory holds). */
  save(doubts: ReadonlyArray<[string, Doubt]>): void;
  /** The same, awaited before a write is sent: why it could not be saved (in words), or undefined once it is. */
  saveFirst?(doubts: ReadonlyArray<[string, Doubt]>): Promise<string | undefined>;
}

const SAVED_AFTER_ALL =
  'It was saved after all: the schedule now shows the override (the service was slow to apply it). It was not sent again.';
/** A press again inside the settle, worded by what happened to the first attempt: no answer at all, or an error
 *  answer (a 5xx: the service answered, so "never came" would be false; fix48z #2). */
const stillChecking = (answer: WriteAnswer | undefined) =>
  `Can't confirm yet — checking: ${answerSaid(answer, 'the first attempt')} and the schedule does not show it yet, but the service may still apply it, so nothing was sent again. Try again in 2 minutes: it is sent then only if the schedule still shows nothing of it and nothing there has changed.`;
/** The same check after a LOST answer on a service not seen moving its revision on a write: it is not sent again after
 *  the settle either, since a write that landed and was undone since looks exactly like one that never landed. */
const STILL_CHECKING_UNMARKED =
  "Can't confirm yet — checking: the first attempt's answer never came and the schedule does not show it yet, but the service may still apply it, so nothing was sent again. Pressing again looks at the schedule first and says whether it shows it; the app has not seen this service mark its writes (its revision did not move on one), so it is not sent again.";
/** A lost answer never shown, on a service not seen moving its revision on a write: the rule of every flow (away's
 *  "Can't confirm it: its answer never came" too; adv48 r11 #2). */
export const NEVER_CONFIRMED =
  "Can't confirm it: its answer never came (it may have landed, and a later change may have put the same people back), and the schedule does not show it, so nothing was sent again. Check the schedule; to write it anyway, start a new plan.";
const BLIND_CHECKING =
  "Can't confirm yet — checking: a write whose answer was lost could not be read back after the restart, so nothing is sent on this schedule until the service has had 2 minutes from the start to apply it. Try again then: the schedule is read first.";
const STILL_UNKNOWN =
  'The schedule could not be read just now, so it was not sent again: the first attempt may have been saved after all. Do not create it again: look at the schedule to see whether it was saved.';

export interface Doubts {
  remember(key: string, doubt: Doubt): void;
  /** Whether a create of this key follows an attempt that may have been saved (that write did leave the app). */
  has(key: string, plan?: PlannedOverride): boolean;
  /** An own write landed on this schedule when it read `revisionBefore`. */
  landed(scheduleId: string, revisionBefore: number): void;
  /** Whether a write on this schedule is under a doubt now (an own write there then rebases it: ownWrite). */
  pending(scheduleId: string): boolean;
  /** An own write landed on this schedule, read at `before` just before it and at `after` just after: a doubt there
   *  unmoved until it takes `after` as its own, so this app's own write is not read as a change over the lost one. */
  ownWrite(scheduleId: string, before: number, after: number | null | undefined): void;
  /** Whether this schedule is known to move its revision on a write: a landed write's revision moved since. */
  revisionMoves(scheduleId: string, revisionNow: number | null | undefined): boolean;
  /**
   * For a create about to be sent: undefined to send it (no doubt, or the earlier attempt is still not shown);
   * otherwise the answer to give instead of sending, with the doubt it settles (or keeps, when unreadable), a change
   * since in `words` (changed-after-lost.ts).
   */
  lookFirst(key: string, client: OncallClient, plan?: PlannedOverride, words?: WordsDeps): Promise<Settled | undefined>;
  /** The doubt the last lookFirst of this key settled as not landed (not shown after the settle, the revision unmoved:
   *  sent again), taken once: its "may be in place" record is proven not to be (adv48 r18 #1). */
  unsent(key: string): Doubt | undefined;
  /** Saves the record of a write about to be sent, before it is sent (as away mode's "sending" state is): a restart
   *  before its answer is kept then looks first. Why it could not be saved (nothing may be sent), or undefined. */
  saveFirst(key: string, doubt: Doubt): Promise<string | undefined>;
  /** The write's answer came and left nothing to doubt: its record saved first is let go. */
  release(): void;
}

/** A doubt looked at: the answer, and (saved after all with a change inside it) the window's shifts as read then. */
export interface Settled {
  outcome: OverrideOutcome;
  doubt: Doubt;
  shown?: Shift[];
}

const peopleOf = (p: PlannedOverride) =>
  p.input.user_references
    .map((r) => r.value.toLowerCase())
    .sort()
    .join();

/** The same people over part of an earlier attempt's window on its schedule: a press again a few seconds on (a
 *  window from "now" starts later) is the same wish, so it is looked at under that attempt's doubt. */
const within = (d: Doubt, p: PlannedOverride) =>
  d.plan.scheduleId === p.scheduleId &&
  d.plan.startMs <= p.startMs &&
  p.endMs <= d.plan.endMs &&
  peopleOf(d.plan) === peopleOf(p);

/** A doubt on this schedule over part of this window, its settle still running (any people: another flow's write). */
const overlapping = (d: Doubt, p: PlannedOverride, clock: Clock) =>
  d.plan.scheduleId === p.scheduleId &&
  d.plan.startMs < p.endMs &&
  p.startMs < d.plan.endMs &&
  settleLeftMs(clock, d.atMs) > 0;

/** The doubts read back at a session's start join those of this run (a restart keeps the settle), each file's once. */
function merge(pool: DoubtPool): void {
  for (const f of pool.files) {
    if (pool.merged.has(f)) continue;
    const read = f.entries();
    if (read.length > 0) pool.merged.add(f);
    for (const [key, d] of read) if (!pool.doubts.has(key)) pool.doubts.set(key, { ...d, restored: true, from: f });
  }
}

/** When the settle of an unusable record on this schedule began, while it runs (0: none running). */
function blindOn(pool: DoubtPool, scheduleId: string, clock: Clock): number {
  for (const f of pool.files) {
    const b = f.blind?.();
    const here = b && (b.scheduleIds === 'all' || b.scheduleIds.has(scheduleId));
    if (b && here && settleLeftMs(clock, b.sinceMs) > 0) return b.sinceMs;
  }
  return 0;
}

/** Each account's file holds the records it carried (the file format is one account's). */
function saveAll(pool: DoubtPool, own: DoubtFile | undefined): void {
  const all = [...pool.doubts];
  for (const f of pool.files)
    f.save(all.filter(([, d]) => (d.from ?? own) === f).map(([key, { from: _from, ...d }]) => [key, d]));
}

/** What settles a doubt still kept: the earlier attempt shown (saved after all), or the schedule unmoved since just
 *  before that write and settled long enough to send it again (undefined, the doubt dropped); else an answer. */
async function settle(
  key: string,
  doubt: Doubt,
  client: OncallClient,
  h: {
    clock: Clock;
    graceMs: number;
    moving: ReadonlySet<string>;
    drop: (key: string) => void;
    unsent: Map<string, Doubt>;
    words?: WordsDeps | undefined;
  },
): Promise<Settled | undefined> {
  const { clock, moving, drop } = h;
  const seen = await lookWithGrace(client, doubt.plan, clock, h.graceMs);
  if (seen === undefined) return { outcome: { status: 'unknown', message: STILL_UNKNOWN }, doubt };
  if (seen === 'covered') {
    drop(key);
    return { outcome: { status: 'created_unconfirmed', message: SAVED_AFTER_ALL }, doubt };
  }
  // Not shown: sent again only once the service has had time to apply it and the schedule is still as it was
  // just before that write (its revision unmoved). Moved, it may have landed and been changed over: never sent.
  const revision = await revisionNow(client, doubt.plan.scheduleId);
  if (revision === undefined || doubt.revisionBefore === undefined)
    return { outcome: { status: 'unknown', message: STILL_UNKNOWN }, doubt };
  // Moved since just before that write (this app's own later creates there rebase it: ownWrite): it may have landed
  // and been changed over, so it is never sent again, restored after a restart or not (adv48 r12 #1).
  if (revision !== doubt.revisionBefore) {
    // Landed late with a change inside it since (a manager's, in the same instant): mine, and the change is news.
    const shown = await shownAtEdges(client, doubt.plan);
    if (shown) {
      drop(key);
      return { outcome: { status: 'created_unconfirmed', message: SAVED_AFTER_ALL }, doubt, shown };
    }
    // Answered with a 5xx (not lost): the window itself tells. Holding what it held just before the write, it did not
    // land, and a change elsewhere on the schedule (another day's) is no reason to refuse it: it is sent once the
    // settle is over (adv48 r22 #2, r25 #1). Anything else there: it may have landed and been changed over.
    const asBefore = await windowAsSent(client, doubt.plan, doubt);
    if (!asBefore) {
      const what = await shownNow(client, doubt.plan, doubt.heldBefore, h.words); // said with its hours
      const message = changedAfterLost(what, answerOfRecord(doubt));
      return { outcome: { status: 'unknown', message, answer: answerOfRecord(doubt) }, doubt };
    }
  }
  // After a lost answer (no answer at all) an unmoved revision proves nothing unless this service is seen to move it
  // on a write: a manager's undo leaves it unmoved too (adv48 r11 #2). A 5xx answer is not under this rule.
  const marked = doubt.lost !== true || doubt.moves === true || moving.has(doubt.plan.scheduleId);
  if (settleLeftMs(clock, doubt.atMs) > 0) {
    const message = marked ? stillChecking(answerOfRecord(doubt)) : STILL_CHECKING_UNMARKED;
    return { outcome: { status: 'unknown', message, answer: answerOfRecord(doubt) }, doubt };
  }
  if (!marked) return { outcome: { status: 'unknown', message: NEVER_CONFIRMED }, doubt };
  drop(key);
  h.unsent.set(key, doubt);
  return undefined;
}

/** `file`: where this account keeps them across a restart (engine/lost-answer-store.ts); none: in memory only.
 *  `poolOf`: the records of the service this account writes to, shared with its other accounts there. */
export function createDoubts(
  clock: Clock,
  graceMs: () => number,
  file?: DoubtFile,
  poolOf: () => DoubtPool = (
    (p) => () =>
      p
  )(createDoubtPool()),
): Doubts {
  const ready = () => {
    const pool = poolOf();
    if (file) pool.files.add(file);
    merge(pool);
    return pool.doubts;
  };
  const save = () => saveAll(poolOf(), file);
  const drop = (key: string) => void (ready().delete(key) && save());
  const find = (key: string, plan?: PlannedOverride): [string, Doubt] | undefined => {
    const doubts = ready();
    const exact = doubts.get(key);
    if (exact) return [key, exact];
    return plan ? [...doubts].find(([, d]) => within(d, plan)) : undefined;
  };
  const landedAt = new Map<string, number>();
  const moving = new Set<string>();
  const unsent = new Map<string, Doubt>();
  return {
    unsent(key) {
      const d = unsent.get(key);
      unsent.delete(key);
      return d;
    },
    landed: (id, revision) => void (moving.has(id) || landedAt.has(id) || landedAt.set(id, revision)),
    revisionMoves(id, revision) {
      const at = landedAt.get(id);
      if (at !== undefined && typeof revision === 'number' && revision > at) moving.add(id);
      return moving.has(id);
    },
    async saveFirst(key, doubt) {
      if (!file?.saveFirst) return undefined;
      const mine = [...ready()].filter(([k, d]) => k !== key && (d.from ?? file) === file);
      return file.saveFirst([...mine.map(([k, { from: _from, ...d }]): [string, Doubt] => [k, d]), [key, doubt]]);
    },
    release: () => save(),
    remember(key, doubt) {
      ready().set(key, { ...doubt, ...(file ? { from: file } : {}) });
      save();
    },
    has: (key, plan) =>
      find(key, plan) !== undefined || (plan !== undefined && blindOn(poolOf(), plan.scheduleId, clock) > 0),
    pending: (id) => [...ready().values()].some((d) => d.plan.scheduleId === id),
    ownWrite(id, before, after) {
      if (typeof after !== 'number') return;
      const mine = [...ready().values()].filter((d) => d.plan.scheduleId === id && d.revisionBefore === before);
      for (const d of mine) d.revisionBefore = after;
      if (mine.length > 0) save();
    },
    async lookFirst(wanted, client, plan, words) {
      ready();
      const unseen = plan && blindOn(poolOf(), plan.scheduleId, clock);
      if (unseen && plan)
        return { outcome: { status: 'unknown', message: BLIND_CHECKING }, doubt: { plan, atMs: unseen } };
      const found = find(wanted, plan);
      if (!found) {
        const other = plan && [...ready().values()].find((d) => overlapping(d, plan, clock));
        // Another write's doubt over this window, inside its settle: the caller says it, naming that write and
        // whether it was an error or no answer (earlier-write.ts waitingForEarlier); this message is never shown.
        return other
          ? { outcome: { status: 'unknown', message: 'An earlier write here may still land.' }, doubt: other }
          : undefined;
      }
      const [key, doubt] = found;
      if (hadMs(clock, doubt.atMs) > DOUBT_KEEP_MS) return void drop(key);
      return settle(key, doubt, client, { clock, graceMs: graceMs(), moving, drop, unsent, words });
    },
  };
}
