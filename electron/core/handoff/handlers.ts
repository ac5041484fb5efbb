// The away-mode, swap and ask-for-cover channels, answered once for all accounts. Writes go through the engine's
// own override:create (its account routing, its one write path); the plan is read from the combined state after a
// refresh of every account, so what is listed as mine is what a fresh read says.
import type { Candidate, EngineChannel, RequestOf, ResponseOf } from '../../shared/ipc-contract';
import type { HandoffPlan } from '../../shared/handoff';
import { failure, guarded, type Failure } from '../actions/common';
import { coverOnService } from './cover-rule';
import { askCoverText, type AskBlock } from './ask-cover';
import { createHandoff, type HandoffController } from './controller';
import { buildPlan, rangeSpan } from './plan';
import { swapShifts, teammateName } from './swap';
import { settleSwap } from './swap-settle';
import { createSettleBook } from './swap-unsettled';
import { swapOffer } from '../../shared/swap-offer';
import type { SwapResult } from '../../shared/handoff';
import { heldOf, lookOf, madeOf, ownWritesOf, type HandoffParts } from './handler-parts';

export type { HandoffParts } from './handler-parts';

/** A cover's e-mail as main takes it in, without spaces around it: what is written, named and compared is the
 *  person's address (adv48 r26: ' bob@example.com ' was written as Bob where Bob was refused). */
const trimmed = <T extends { email: string }>(x: T): T => ({ ...x, email: x.email.trim() });

/** Away mode and swaps: answered once for all accounts, beside the per-account handlers. */
export type HandoffChannel = Extract<
  EngineChannel,
  | 'handoff:plan'
  | 'handoff:create'
  | 'handoff:get'
  | 'handoff:retry'
  | 'handoff:dismiss'
  | 'swap:create'
  | 'swap:settle'
  | 'swap:offer'
  | 'cover:ask-text'
>;
export type HandoffHandlers = { [C in HandoffChannel]: (request: RequestOf<C>) => Promise<ResponseOf<C>> };

const isFailure = (x: object): x is Failure => 'ok' in x && x.ok === false;

type PlanFor = (startMs: number, endMs: number) => HandoffPlan;
const ok = <T>(value: T) => ({ ok: true as const, value });

/** A throw once writes may have left: what was sent is in the run (handoff:get), so it is "outcome unknown". */
async function writing<T extends object>(body: () => Promise<T | Failure>): Promise<{ ok: true; value: T } | Failure> {
  try {
    const answer = await body();
    return isFailure(answer) ? answer : ok(answer);
  } catch {
    return failure(
      'outcome_unknown',
      'Something went wrong inside the app while sending: some overrides may have been sent. Each shift shows what is known; nothing is sent again without looking first.',
    );
  }
}

/** The blocks an ask-for-cover message names, each with up to three people free then (or why there are none). */
async function askBlocks(
  parts: HandoffParts,
  planFor: PlanFor,
  request: RequestOf<'cover:ask-text'>,
): Promise<AskBlock[] | string> {
  const state = parts.state();
  const span = request.shift
    ? { startMs: Date.parse(request.shift.start), endMs: Date.parse(request.shift.end) }
    : rangeSpan(request.range, parts.clock.now(), parts.localZone());
  if (typeof span === 'string') return span;
  const rows = planFor(span.startMs, span.endMs).rows.filter(
    (r) => !request.shift || r.scheduleId === request.shift.scheduleId,
  );
  return Promise.all(
    rows.map(async (r) => {
      const ranked = await parts.candidates({
        scheduleId: r.scheduleId,
        window: { kind: 'custom', start: r.start, end: r.end },
      });
      // Said as free then: not on call here or on another watched schedule, and no part of the window unknown.
      const free = (c: Candidate) => !c.onCallHere && c.onCallElsewhere.length === 0 && c.unknownOn.length === 0;
      const people = ranked.ok ? ranked.value.filter(free).map((c) => c.name) : [];
      return {
        accountLabel: state.accounts.length > 1 ? r.accountLabel : '',
        scheduleName: r.scheduleName,
        timeZone: r.timeZone,
        start: r.start,
        end: r.end,
        people: people.slice(0, 3),
      };
    }),
  );
}

async function askText(parts: HandoffParts, planFor: PlanFor, request: RequestOf<'cover:ask-text'>) {
  const blocks = await askBlocks(parts, planFor, request);
  if (typeof blocks === 'string') return failure('validation', blocks);
  const text = askCoverText(blocks, request.reason, parts.localZone());
  return text === undefined
    ? failure('validation', 'No shift of yours the app can read in that time, so there is nothing to ask about.')
    : ok(text);
}

export function handoffParts(parts: HandoffParts): { controller: HandoffController; handlers: HandoffHandlers } {
  const planFor: PlanFor = (startMs, endMs) =>
    buildPlan(parts.state(), { startMs, endMs }, parts.clock.now(), parts.localZone());
  const look = lookOf(parts);
  const held = heldOf(parts);
  const { clock, files, state } = parts;
  const create = parts.createOverride;
  const refresh = parts.refreshAll;
  const controller = createHandoff({
    clock,
    files,
    state,
    planFor,
    create,
    // The engine's write path takes the step before-send.ts names: "sending" is saved after its own record.
    savesBeforeSend: true,
    changed: parts.changed,
    ...(parts.report ? { report: parts.report } : {}),
    ...(parts.signer ? { signer: parts.signer } : {}),
    look,
    made: madeOf(parts),
    ownWrites: ownWritesOf(parts),
    held,
    coverNow: (ref, cover) => coverOnService(parts.state(), parts.client, ref, cover, parts.writesVia),
    refresh,
    ...(parts.origins ? { origins: parts.origins } : {}),
    ...(parts.recheckMs !== undefined ? { recheckMs: parts.recheckMs } : {}),
  });
  // The span of the last plan asked for: a Create that doesn't name its span was chosen in it.
  let lastSpan: { startMs: number; endMs: number } | undefined;
  // The last plan shown: who was on call beside me in each block then, so a change since is said against it.
  let lastPlan: HandoffPlan | undefined;
  const spanOf = (range: RequestOf<'handoff:create'>['range']) =>
    range ? { startMs: Date.parse(range.from), endMs: Date.parse(range.to) } : lastSpan;
  // Each swap answer, as it is, told to the glance's record of half-done swaps (the teammate named as listed).
  const kept = <T extends SwapResult | Failure>(answer: T): T => {
    if (!isFailure(answer))
      parts.halfSwaps?.note(answer, teammateName(state(), answer.theirs.scheduleId, answer.mine.email));
    return answer;
  };
  // Each swap side's settle is main's own record (from its write's answer), never a time the renderer sends back.
  const settles = createSettleBook(clock);
  const swapDeps = {
    create,
    nowMs: () => clock.now(),
    localZone: parts.localZone,
    state,
    planFor,
    held,
    settles,
    refresh,
    ownWrites: ownWritesOf(parts),
  };
  const handlers: HandoffHandlers = {
    'handoff:plan': (request) =>
      guarded(async () => {
        const span = rangeSpan(request.range, parts.clock.now(), parts.localZone());
        if (typeof span === 'string') return failure('validation', span);
        if (request.reread !== false) await parts.refreshAll();
        lastSpan = span;
        lastPlan = planFor(span.startMs, span.endMs);
        return ok(lastPlan);
      }),
    'handoff:create': (request) =>
      writing(() => controller.create(request.items.map(trimmed), spanOf(request.range), lastPlan)),
    'handoff:get': async () => ok(controller.status()),
    'handoff:retry': () => writing(() => controller.retry()),
    'handoff:dismiss': () =>
      guarded(async () => {
        const answer = await controller.dismiss();
        return isFailure(answer) ? answer : ok(answer);
      }),
    'swap:create': (request) =>
      writing(() => swapShifts(swapDeps, { ...request, theirs: trimmed(request.theirs) }).then(kept)),
    'swap:settle': (request) => writing(() => settleSwap({ ...swapDeps, look }, request).then(kept)),
    'swap:offer': (request) => guarded(async () => ok(swapOffer(state(), request, clock.now(), parts.localZone()))),
    'cover:ask-text': (request) => guarded(() => askText(parts, planFor, request)),
  };
  return { controller, handlers };
}
