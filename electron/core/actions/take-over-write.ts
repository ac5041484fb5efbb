// What take-over:now and take-over:hand-back share: the schedule refreshed before acting (nobody takes over on data
// the app cannot vouch for), and the write through the one override path (override.ts).
import type { OverrideRequest, ResponseOf, TakeOverResult } from '../../shared/ipc-contract';
import type { TakeOverRefusal } from '../../shared/take-over';
import type { Person, ScheduleStatus } from '../../shared/view-state';
import type { Snapshot } from '../model/snapshot';
import { failure, notSetUp, type ActionDeps, type Failure } from './common';
import type { OverrideCreator } from './override';
import type { CreateNote } from './override-again';
import { planOverride } from './override-window';
import { refusalOf, unreadText } from './unread-words';
import { withServiceWords } from '../../api/error-mapping';

export interface TakeOverDeps extends ActionDeps {
  /** The one override creator of the engine (shared with override:create, so in-flight creates are shared too). */
  create: OverrideCreator;
  /** The schedule's freshness as the state shows it; undefined when it is not watched. */
  statusOf(scheduleId: string): ScheduleStatus | undefined;
  /** The user's zone, for the times a "changed since you planned it" names. */
  localZone?: () => string;
  /** The snapshot with the own-write records of the service's other accounts added (state/service-writes.ts): a
   *  take-over written through either account of one service is handed back through either. */
  serviceWrites?: (snap: Snapshot) => Snapshot;
}

export type Answer = ResponseOf<'take-over:now'>;

export const refuse = (kind: TakeOverRefusal, message: string): Failure => failure(kind, message);

/** The snapshot just after refreshing this schedule, or why the app will not act on it. */
export async function freshSnapshot(deps: TakeOverDeps, scheduleId: string): Promise<Snapshot | Failure> {
  if (!deps.client()) return notSetUp(deps);
  if (deps.statusOf(scheduleId) === undefined)
    return refuse('not_watched', 'This schedule is not one you watch. Add it in Settings first.');
  if (deps.settings().email.trim() === '')
    return refuse('no_email', 'Set your e-mail in Settings first, so the app knows who you are on the schedule.');
  await deps.refresh({ reason: 'user', scheduleIds: [scheduleId], rereadShifts: true });
  const status = deps.statusOf(scheduleId);
  if (status?.kind === 'fresh') return deps.snapshot.get();
  // A refusal that will not pass by itself is worded by the one rule every flow's re-read uses (unread-words.ts).
  const problem = deps.snapshot.get().schedules.find((s) => s.id === scheduleId)?.problem;
  const at = { nowMs: deps.clock.now(), localZone: deps.localZone?.() ?? 'UTC' };
  const refused = problem && refusalOf(problem, at.nowMs, deps.keyName?.());
  if (refused) return refuse('stale_data', unreadText(UNREAD, refused, at));
  // The read's reason is the sentence its maker wrote, said whole in its own place, never cut into a clause; then
  // the service's own words when it gave any the reason does not carry.
  const why = status && 'reason' in status ? ` ${status.reason}` : '';
  return refuse('stale_data', withServiceWords(`${UNREAD.sentence}${why}`, problem?.said));
}

const UNREAD = {
  sentence:
    'The schedule could not be refreshed just now, so who is on call now is not known for sure. Nothing was changed.',
  what: 'the schedule',
  retry: 'Try again in a moment.',
};

export const isFailure = (x: Snapshot | Failure): x is Failure => 'ok' in x;
export const lower = (e: string) => e.trim().toLowerCase();

/** Marks the moment the write may leave the app (see guardedWrite). */
export type Sending = () => void;

export async function write(
  deps: TakeOverDeps,
  request: OverrideRequest,
  note: CreateNote,
  replaced: Person[],
  sending: Sending,
): Promise<Answer> {
  const nowMs = deps.clock.now();
  const plan = planOverride(request, deps.snapshot.get(), deps.settings(), nowMs, (id) => deps.statusOf(id));
  if (!plan.ok) return { ok: false, error: plan.error };
  sending();
  const answer = await deps.create(request, note);
  // The last read before the POST found the plan changed (override-planned.ts): said as take over says it.
  if (!answer.ok && answer.error.kind === 'changed_since_planned')
    return refuse('changed_since_planned', answer.error.message);
  if (!answer.ok) return answer;
  const outcome = answer.value;
  // What the service stored when it answered; what was asked for otherwise.
  const window = outcome.status === 'created' ? outcome.override : plan.value.preview;
  const covering =
    outcome.status === 'created' ? outcome.override.users.map((u) => u.email) : plan.value.preview.covering;
  const value: TakeOverResult = {
    scheduleId: request.scheduleId,
    start: window.start,
    end: window.end,
    covering,
    replaced,
    outcome,
  };
  return { ok: true, value };
}
