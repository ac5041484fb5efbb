// The slow-apply world of the late-write tests (issue 48, adversarial round 23): the pair world whose next override
// write is answered 503 and applied by the service 60 s later, with a manager changing my Tue meanwhile.
import type { Harness } from '../../support/engine-harness';
import { startPairWorld, SWAP, TUE, windowMs } from './pair-world';

/** The service answers 503 once and applies the write 60 s later. */
export const SLOW_APPLY = { status: 503, applyAfterMs: 60_000, times: 1 };

/** The pair world with its next override write applied late. */
export async function startSlowApplyWorld() {
  const w = await startPairWorld();
  w.h.sim.faults.set('createOverride', SLOW_APPLY);
  return w;
}

/** The pair world with my swap (my Tue for Carol's Thu) sent into the late write: its first answer. */
export async function slowSwap() {
  const w = await startSlowApplyWorld();
  const made = await w.h.clock.runWhileAdvancing(w.engine.handlers['swap:create'](SWAP));
  if (!made.ok) throw new Error(made.error.message);
  return { ...w, made: made.value };
}

/** A manager's change to my Tue on Pair, now: `other` on call beside me there. */
export function managerChangesTue(h: Harness, other: string): void {
  h.sim.state.addOverride('sch_pair', { ...windowMs(TUE), userIds: ['usr_me', other] }, h.clock.now());
}
