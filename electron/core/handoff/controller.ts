// The range hand-off: plan, Create all, Retry, resume after a restart. Each item's state is on disk before its
// write leaves (store.ts), so a stop at any point leaves either "not sent" or "may have been sent"; the latter is
// looked for on its service, never sent again blind. One operation at a time (a chain), so a retry and a resume
// never send the same item twice.
import { randomUUID } from 'node:crypto';
import type { HandoffItem, HandoffItemInput, HandoffPlan, HandoffRun, HandoffStatus } from '../../shared/handoff';
import type { AppState } from '../../shared/view-state';
import { handoffSaid } from '../../shared/handoff-text';
import type { Failure } from '../../shared/failure';
import { failure } from '../actions/common';
import type { Clock, FileStore } from '../ports';
import { loadRun, NOT_SAVED_MESSAGE, resumedRun, settled } from './store';
import { runSaver } from './run-saver';
import { createProblem, madeItems, onceEach } from './item-rules';
import { clipToNow, heldFirst, lookFirst, maybeSent, requestOf, stateOfAnswer, type WriteDeps } from './write-one';

export interface HandoffDeps extends Omit<WriteDeps, 'nowMs'> {
  clock: Clock;
  files: FileStore;
  state: () => AppState;
  /** A fresh plan over the items' span, to check each item is still a block of mine. */
  planFor: (startMs: number, endMs: number) => HandoffPlan;
  /** Tells the engine the run changed (nothing else; the renderer asks handoff:get). */
  changed?: () => void;
}

/** How soon an item whose outcome couldn't be checked is looked for again (one read of its schedule). */
export const RECHECK_MS = 15_000;

export interface HandoffController {
  start: () => Promise<void>;
  stop: () => void;
  status: () => HandoffStatus;
  create: (items: HandoffItemInput[]) => Promise<HandoffStatus | Failure>;
  retry: () => Promise<HandoffStatus | Failure>;
  dismiss: () => Promise<HandoffStatus | Failure>;
  /** Resolves when the operations started so far are done (tests). */
  idle: () => Promise<void>;
}

export function createHandoff(deps: HandoffDeps): HandoffController {
  let run: HandoffRun | null = null;
  let notice: string | null = null;
  let stopped = false;
  const saver = runSaver(deps.files);
  let chain: Promise<unknown> = Promise.resolve();
  let cancelRecheck: (() => void) | undefined;
  const write: WriteDeps = { ...deps, nowMs: () => deps.clock.now() };

  const status = (): HandoffStatus => ({
    run,
    said: run ? handoffSaid(run) : null,
    notice: [notice, saver.problem()].filter((n) => n !== null).join(' ') || null,
  });
  const queue = <T>(op: () => Promise<T>): Promise<T> => {
    const next = chain.then(op, op);
    chain = next.catch(() => undefined);
    return next;
  };

  /** Replaces one item and saves; after a stop nothing is saved (the app is gone as far as the disk knows). True
   *  when the item is on disk (the run shown is the truth either way; a folder that refused is said in the status). */
  async function put(item: HandoffItem): Promise<boolean> {
    if (stopped || !run) return false;
    run = { ...run, items: run.items.map((i) => (i.id === item.id ? item : i)) };
    const saved = await saver.save(run);
    deps.changed?.();
    return saved && !stopped;
  }

  async function sendOne(item: HandoffItem): Promise<void> {
    if (maybeSent(item)) {
      const seen = await lookFirst(write, item);
      if (seen) return void (await put({ ...item, ...seen }));
    }
    const clipped = clipToNow(item, deps.clock.now());
    if (!('id' in clipped)) return void (await put({ ...item, ...clipped }));
    // Written only on what the service holds now: a manager's change since the plan is said, never written over.
    const held = await heldFirst(write, clipped);
    if (held) return void (await put({ ...item, ...held }));
    // On disk before it leaves: a stop from here on leaves "may have been sent", looked for on resume.
    if (!(await put({ ...clipped, state: 'sending', message: '' }))) {
      // Not on disk, so it never leaves: told as not sent, and Retry sends it once the folder can be written.
      if (!stopped) await put({ ...clipped, state: 'not_sent', message: NOT_SAVED_MESSAGE });
      return;
    }
    const answer = await deps.create(requestOf(clipped));
    await put({ ...clipped, ...stateOfAnswer(answer) });
  }

  /** Sends what may be sent (pending; with `again`, what did not land too) and checks what is unknown. */
  async function work(again: boolean): Promise<void> {
    try {
      for (const first of run?.items ?? []) {
        if (stopped) return;
        const item = run?.items.find((i) => i.id === first.id);
        if (!item) continue;
        // A retry sends what did not land; what may have landed is looked for first (sendOne), never sent blind.
        if (item.state === 'pending' || (again && item.state !== 'handed_off' && item.state !== 'refused'))
          await sendOne(item);
        else if (item.state === 'unknown' || item.state === 'sending') {
          const seen = await lookFirst(write, item);
          await put({ ...item, ...(seen ?? { state: 'not_landed', message: 'The schedule does not show it.' }) });
        }
      }
    } finally {
      // A step that failed (its state not saved to disk) stops no loop: what is still unknown is looked for again.
      scheduleRecheck();
    }
  }

  function scheduleRecheck(): void {
    cancelRecheck?.();
    cancelRecheck = undefined;
    if (stopped || !run?.items.some((i) => i.state === 'unknown')) return;
    cancelRecheck = deps.clock.setTimer(RECHECK_MS, () => void queue(() => work(false)));
  }

  return {
    status,
    idle: () => chain.then(() => undefined),
    async start() {
      // Each saved item is checked against what the app knows now (store-claims.ts); one that is kept is still
      // re-read on its service before it is written (heldFirst), like any write of a plan.
      const loaded = await loadRun(deps.files, () => {
        const watched = new Set(deps.state().schedules.map((s) => s.id));
        return { nowMs: deps.clock.now(), watched: (ref) => watched.has(ref) };
      });
      notice = loaded.notice;
      run = loaded.run && resumedRun(loaded.run);
      // A file that held entries the app dropped was moved aside: what is kept goes back on disk at once.
      if (run && loaded.dropped > 0) await saver.save(run);
      if (run && !settled(run)) void queue(() => work(false));
    },
    stop() {
      stopped = true;
      cancelRecheck?.();
    },
    create: (items) =>
      queue(async () => {
        if (run && !settled(run))
          return failure('validation', 'A hand-off is still open: retry it or dismiss it before starting another.');
        const state = deps.state();
        items = onceEach(state, items);
        const startMs = Math.min(...items.map((i) => Date.parse(i.start)));
        const plan = deps.planFor(startMs, Math.max(...items.map((i) => Date.parse(i.end))));
        const problem = createProblem(state, items, plan);
        if (problem) return failure('validation', problem);
        const createdAt = new Date(deps.clock.now()).toISOString();
        run = { version: 1, id: randomUUID(), createdAt, items: madeItems(state, items, plan) };
        notice = null;
        await saver.save(run);
        await work(false);
        return status();
      }),
    retry: () =>
      queue(async () => {
        if (!run) return failure('not_found', 'There is no hand-off to retry.');
        await work(true);
        return status();
      }),
    dismiss: () =>
      queue(async () => {
        if (run?.items.some((i) => i.state === 'unknown' || i.state === 'sending'))
          return failure('validation', 'Some outcomes are still being checked: wait for them before closing this.');
        run = null;
        // Closed whatever the disk says: a copy left behind is named, and the next start checks it like any file.
        notice = await saver.remove();
        return status();
      }),
  };
}
