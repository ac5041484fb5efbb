// The range hand-off: plan, Create all, Retry, resume after a restart. Each item's state is on disk before its
// write leaves (store.ts), so a stop at any point leaves either "not sent" or "may have been sent"; the latter is
// looked for on its service, never sent again blind. One operation at a time (a chain), so a retry and a resume
// never send the same item twice.
import { randomUUID } from 'node:crypto';
import type { HandoffItem, HandoffItemInput, HandoffPlan, HandoffRun, HandoffStatus } from '../../shared/handoff';
import type { Failure } from '../../shared/failure';
import { failure } from '../actions/common';
import { HANDOFF_FILE, loadRun, settled } from './store';
import { runContext } from './resume-context';
import { runSaver, type RecordEnd } from './run-saver';
import { asLastLeft, MARK_NOTICE_ID, unmarkCurrent } from './run-current';
import { endOf, putBackText, recordEnd } from './closed-runs';
import { keepAside } from '../storage/read-back';
import { createProblem, madeItems, onceEach, rowOf } from './item-rules';
import { statusOf, work, type HandoffDeps, type RunContext } from './run-work';
import type { Span } from './plan';
import { minOf, maxOf } from '../../shared/extremes';
import { asksLanded, landedItems } from './landed-again';

export type { HandoffDeps } from './run-work';

export { RECHECK_MS } from './run-work';

/** The app's notice for what the saved hand-off's read at start refused or dropped. */
export const HANDOFF_NOTICE_ID = 'handoff-file';

/** How often a Close the folder refused is tried again while the app runs. */
export const CLOSE_RETRY_MS = 15_000;

export interface HandoffController {
  start: () => Promise<void>;
  /** Resolves once a Close still to be put on disk has had its last try. */
  stop: () => Promise<void>;
  status: () => HandoffStatus;
  /** `planned`: the plan the user chose from (who was on call beside me then, to say what changed since).
   *  `span`: the plan's span the items were chosen in (my time there beside them is checked before each write). */
  create: (items: HandoffItemInput[], span?: Span, planned?: HandoffPlan) => Promise<HandoffStatus | Failure>;
  retry: () => Promise<HandoffStatus | Failure>;
  dismiss: () => Promise<HandoffStatus | Failure>;
  /** Resolves when the operations started so far are done (tests). */
  idle: () => Promise<void>;
}

/** Starts a run of the items given, once the open one is settled and each item is still a block of mine. */
async function createRun(
  ctx: RunContext,
  input: HandoffItemInput[],
  span?: Span,
  planned?: HandoffPlan,
): Promise<HandoffStatus | Failure> {
  const { deps } = ctx;
  if (ctx.run && !settled(ctx.run))
    return failure('validation', 'A hand-off is still open: retry it or dismiss it before starting another.');
  let state = deps.state();
  // The same blocks to the same people as a run whose blocks all landed: each read again and said as it holds now
  // (landed-again.ts), never my own hand-off told as "changed since you planned it", nothing written.
  if (asksLanded(ctx.run, onceEach(state, input), deps.clock.now())) {
    await work(ctx, true);
    return statusOf(ctx);
  }
  const landed = landedItems(state, onceEach(state, input), deps.ownWrites ?? (() => []), deps.clock.now());
  if (landed) return startRun(ctx, landed, true);
  const items = fromNow(onceEach(state, input), deps.clock.now());
  // No shift chosen: nothing to plan, nothing sent (never "outcome unknown" for a write that never existed).
  if (items.length === 0)
    return failure('validation', 'There is nothing to hand off: no shift was chosen, so nothing was sent.');
  const startMs = minOf(items.map((i) => Date.parse(i.start)));
  const endMs = maxOf(items.map((i) => Date.parse(i.end)));
  // Over the span they were chosen in (when they lie in it), so each item knows the time around it the plan had.
  const inSpan = span !== undefined && span.startMs <= endMs && startMs < span.endMs;
  const planNow = () =>
    inSpan ? deps.planFor(Math.min(span.startMs, startMs), Math.max(span.endMs, endMs)) : deps.planFor(startMs, endMs);
  let plan = planNow();
  // A block the app's data no longer shows as plannable (a read aged, part unread) is judged on the service as it
  // is now, read again, never on the aged data: unchanged, it is written (adv48 round 6 #3).
  if (deps.refresh && items.some((i) => !rowOf(plan, i))) {
    await deps.refresh();
    state = deps.state();
    plan = planNow();
  }
  const problem = createProblem(state, items, plan, deps.held, planned);
  if (problem) return failure('validation', problem);
  return startRun(ctx, madeItems(state, items, plan, deps.clock.now()), false);
}

/** A new run of these items, on disk before anything is sent; `again`: they landed before, each is read again. */
async function startRun(ctx: RunContext, items: HandoffItem[], again: boolean): Promise<HandoffStatus> {
  const createdAt = new Date(ctx.deps.clock.now()).toISOString();
  const origins = ctx.deps.origins?.();
  ctx.run = { version: 1, id: randomUUID(), createdAt, items, ...(origins ? { origins } : {}) };
  ctx.notice = null;
  await ctx.saver.save(ctx.run);
  await work(ctx, again);
  return statusOf(ctx);
}

/** The plan's start reconciled with Create's now: a block already begun is checked and handed off from the next
 *  second, as its write sends it (clipToNow), so a plan made minutes ago (its start, the second it was made) is
 *  still the block the app reads now, not "not a shift of yours" once a refresh moved the timeline on. */
function fromNow(items: HandoffItemInput[], nowMs: number): HandoffItemInput[] {
  const start = Math.ceil(nowMs / 1000) * 1000;
  return items.map((i) =>
    Date.parse(i.start) < start && Date.parse(i.end) > start ? { ...i, start: new Date(start).toISOString() } : i,
  );
}

/** Resumes the run the last start left: each saved item is checked against what the app knows now
 *  (store-claims.ts), after a read of every account when a watched schedule has not been read yet (no saved data:
 *  its people and my blocks unknown); one that is kept is still re-read on its service before it is written
 *  (heldFirst), like any write of a plan. Queued, so nothing is created over the file before it is read. */
async function resume(ctx: RunContext): Promise<void> {
  const { deps } = ctx;
  const origins = deps.origins?.();
  const loaded = await loadRun(
    deps.files,
    async () => {
      if (deps.state().schedules.some((s) => s.users.length === 0)) await deps.refresh?.();
      return runContext(deps.state(), deps.clock.now());
    },
    origins,
  );
  // A run the app recorded as closed or ended is never resumed, whatever its file or mark say (closed-runs.ts).
  const putBack = await overAlready(deps, loaded.run);
  // As the user last left it: a file a failed save left behind, or whose mark is damaged, sends nothing unasked
  // (run-current.ts); the mark's own file is read (a damaged one kept aside and said) whether or not a run was saved.
  const { run: left, notice: mark } = await asLastLeft(deps.files, putBack === null ? loaded.run : null);
  if (putBack !== null) await unmarkCurrent(deps.files);
  const saved = [loaded.notice, putBack].filter((n) => n !== null).join(' ') || null;
  ctx.notice = [saved, mark].filter((n) => n !== null).join(' ') || null;
  // Said in the app's notices too (once: a start reads the file once), not only in the away window.
  if (saved !== null) deps.report?.({ id: HANDOFF_NOTICE_ID, message: saved });
  if (mark !== null) deps.report?.({ id: MARK_NOTICE_ID, message: mark });
  // What is kept is this account's (a file without its stamp is dropped: store.ts): stamped as it is now.
  ctx.run = left && origins ? { ...left, origins } : left;
  // A file that held entries the app dropped was moved aside: what is kept goes back on disk at once.
  if (ctx.run && loaded.dropped > 0) await ctx.saver.save(ctx.run);
  // Work also looks at what the file said was settled (a refusal, a hand-off) before it is said again.
  if (ctx.run) void ctx.queue(() => work(ctx, false));
}

/** The saved run read back when the app recorded it as closed or ended: an older copy put back (a backup or sync
 *  tool, adv52 r57 #1), kept aside and removed so nothing of it is sent, and said once; null for any other run.
 *  Nothing is written to the service: what the run did before is on the service as it was. */
async function overAlready(deps: HandoffDeps, run: HandoffRun | null): Promise<string | null> {
  if (run === null) return null;
  const signer = await deps.signer?.().catch(() => undefined);
  const how = await endOf(deps.files, signer, run.id, deps.clock.now());
  if (how === undefined) return null;
  const kept = await keepAside(deps.files, HANDOFF_FILE);
  // Kept aside moves the file; a copy that couldn't be moved is removed, or the next start holds it aside again.
  if (kept === undefined) await deps.files.remove(HANDOFF_FILE).catch(() => undefined);
  return putBackText(how, kept);
}

/** The run's end recorded with the install's record key (closed-runs.ts). */
const recordEndOf =
  (deps: HandoffDeps): RecordEnd =>
  async (id, how) =>
    recordEnd(deps.files, await deps.signer?.().catch(() => undefined), id, how, deps.clock.now());

/** What a Create asks for: the same blocks to the same people is the same press. */
const askedOf = (items: readonly HandoffItemInput[]): string =>
  JSON.stringify(items.map((i) => [i.scheduleId, i.start, i.end, i.email.trim().toLowerCase()]).sort());

/** Create pressed again for what a Create on its way already asks (a double press, the form sent twice): it joins
 *  that one and gets its answer, never a second write and never the first's own write told as "changed since you
 *  planned it". Pressed once that answer is in, it goes as asked: blocks that all landed are read again and said as
 *  the service holds them now (createRun, landed-again.ts; issue 48), never the old answer repeated. */
function joinCreate() {
  let last: { asked: string; answer: Promise<HandoffStatus | Failure> } | undefined;
  return (items: HandoffItemInput[], go: () => Promise<HandoffStatus | Failure>) => {
    const asked = askedOf(items);
    if (last?.asked === asked) return last.answer;
    const mine = { asked, answer: go() };
    last = mine;
    const done = () => {
      if (last === mine) last = undefined;
    };
    void mine.answer.then(done, done);
    return mine.answer;
  };
}

export function createHandoff(deps: HandoffDeps): HandoffController {
  let chain: Promise<unknown> = Promise.resolve();
  const ctx: RunContext = {
    deps,
    write: { ...deps, nowMs: () => deps.clock.now() },
    saver: runSaver(deps.files, recordEndOf(deps)),
    queue: <T>(op: () => Promise<T>): Promise<T> => {
      const next = chain.then(op, op);
      chain = next.catch(() => undefined);
      return next;
    },
    run: null,
    notice: null,
    stopped: false,
  };
  const joined = joinCreate();
  let cancelClose: (() => void) | undefined;
  /** The user's Close kept in memory (run-saver.ts): tried again on a beat until it is on disk. */
  const closeLater = (): void => {
    cancelClose?.();
    cancelClose = undefined;
    if (ctx.stopped || !ctx.saver.closing()) return;
    cancelClose = deps.clock.setTimer(CLOSE_RETRY_MS, () => {
      void ctx.queue(async () => {
        const closedNotice = ctx.notice;
        if (await ctx.saver.closeLeft()) {
          // The copy the notice named is gone: nothing of it is left to say.
          if (ctx.notice === closedNotice && !ctx.run) ctx.notice = null;
        } else closeLater();
      });
    });
  };
  return {
    status: () => statusOf(ctx),
    idle: () => chain.then(() => undefined),
    start: () => ctx.queue(() => resume(ctx)),
    async stop() {
      ctx.stopped = true;
      ctx.cancelRecheck?.();
      cancelClose?.();
      // A Close still to be put on disk: one last try before the app goes (the folder may be writable again).
      // Not queued: an operation still waiting on the network must not hold the stop.
      if (ctx.saver.closing()) await ctx.saver.closeLeft();
    },
    create: (items, span, planned) => joined(items, () => ctx.queue(() => createRun(ctx, items, span, planned))),
    retry: () =>
      ctx.queue(async () => {
        if (!ctx.run) return failure('not_found', 'There is no hand-off to retry.');
        await work(ctx, true);
        return statusOf(ctx);
      }),
    dismiss: () =>
      ctx.queue(async () => {
        if (ctx.run?.items.some((i) => i.state === 'unknown' || i.state === 'sending'))
          return failure('validation', 'Some outcomes are still being checked: wait for them before closing this.');
        const closed = ctx.run;
        ctx.run = null;
        ctx.cancelRecheck?.();
        // Closed whatever the disk says: the copy is removed or marked closed, or the Close is kept and tried again.
        ctx.notice = await ctx.saver.remove(closed);
        closeLater();
        return statusOf(ctx);
      }),
  };
}
