// The range hand-off: plan, Create all, Retry, resume after a restart. Each item's state is on disk before its
// write leaves (store.ts), so a stop at any point leaves either "not sent" or "may have been sent"; the latter is
// looked for on its service, never sent again blind. One operation at a time (a chain), so a retry and a resume
// never send the same item twice.
import { randomUUID } from 'node:crypto';
import type { HandoffItem, HandoffItemInput, HandoffPlan, HandoffRun, HandoffStatus } from '../../shared/handoff';
import type { AppState } from '../../shared/view-state';
import { refParts } from '../../shared/accounts';
import { handoffSaid } from '../../shared/handoff-text';
import type { Failure } from '../../shared/failure';
import { failure } from '../actions/common';
import type { Clock, FileStore } from '../ports';
import { loadRun, saveRun, settled } from './store';
import { nameOf, onceEach, rowOf, ruleProblem } from './item-rules';
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
  let chain: Promise<unknown> = Promise.resolve();
  let cancelRecheck: (() => void) | undefined;
  const write: WriteDeps = { ...deps, nowMs: () => deps.clock.now() };

  const status = (): HandoffStatus => ({ run, said: run ? handoffSaid(run) : null, notice });
  const queue = <T>(op: () => Promise<T>): Promise<T> => {
    const next = chain.then(op, op);
    chain = next.catch(() => undefined);
    return next;
  };

  /** Replaces one item and saves; after a stop nothing is saved (the app is gone as far as the disk knows). */
  async function put(item: HandoffItem): Promise<boolean> {
    if (stopped || !run) return false;
    run = { ...run, items: run.items.map((i) => (i.id === item.id ? item : i)) };
    await saveRun(deps.files, run);
    deps.changed?.();
    return !stopped;
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
    if (!(await put({ ...clipped, state: 'sending', message: '' }))) return;
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
      const loaded = await loadRun(deps.files);
      notice = loaded.notice;
      // What was being sent when the app stopped may have landed: it is looked for, never sent blind.
      run = loaded.run && {
        ...loaded.run,
        items: loaded.run.items.map((i) =>
          i.state === 'sending' ? { ...i, message: 'The app stopped while this was being sent: checking…' } : i,
        ),
      };
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
        items = onceEach(deps.state(), items);
        const startMs = Math.min(...items.map((i) => Date.parse(i.start)));
        const endMs = Math.max(...items.map((i) => Date.parse(i.end)));
        const plan = deps.planFor(startMs, endMs);
        const wrong = items.find((i) => !rowOf(plan, i));
        if (wrong)
          return failure(
            'validation',
            `Nothing was sent: ${wrong.start} – ${wrong.end} is not a shift of yours the app can read now. Look at the plan again.`,
          );
        const state = deps.state();
        const refused = ruleProblem(state, items, plan);
        if (refused) return failure('validation', refused);
        const createdAt = new Date(deps.clock.now()).toISOString();
        const made: HandoffItem[] = items.map((i) => ({
          ...i,
          id: `${i.scheduleId}|${i.start}`,
          accountId: refParts(i.scheduleId).accountId,
          scheduleName: state.schedules.find((s) => s.id === i.scheduleId)?.name ?? i.scheduleId,
          timeZone: state.schedules.find((s) => s.id === i.scheduleId)?.timeZone ?? null,
          name: nameOf(state, i.scheduleId, i.email),
          others: rowOf(plan, i)?.others ?? [],
          state: 'pending',
          message: '',
        }));
        run = { version: 1, id: randomUUID(), createdAt, items: made };
        notice = null;
        await saveRun(deps.files, run);
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
        notice = null;
        await deps.files.remove('handoff.json');
        return status();
      }),
  };
}
