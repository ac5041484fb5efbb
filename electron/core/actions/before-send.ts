// A step a caller asks the write path to take after the write's own record is saved and right before its request
// leaves (adv52 round 22 #1). Away mode saves an item as "sending" here rather than before the write path starts:
// saved first, a write path that then could not save its own record sent nothing, yet the hand-off's file said
// "sending", and a restart told it "its answer never came". Carried with the call (AsyncLocalStorage), so every
// creator between the hand-off and the write (the account router, the shared creator) passes it along unchanged.
import { AsyncLocalStorage } from 'node:async_hooks';

/** The step: undefined to send, or why nothing may be sent (its save failed). */
export type BeforeSend = () => Promise<string | undefined>;

const steps = new AsyncLocalStorage<BeforeSend>();

/** Runs `op` (a create) with `step` taken once, right before its request leaves. */
export function withBeforeSend<T>(step: BeforeSend, op: () => Promise<T>): Promise<T> {
  return steps.run(step, op);
}

/** The caller's step, if any: undefined to send. */
export async function beforeSend(): Promise<string | undefined> {
  return steps.getStore()?.();
}
