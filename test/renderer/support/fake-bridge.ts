// A stand-in for main behind lib/bridge.ts's invoke: answers per channel (held until released when asked), and a
// record of every call, so a test sees what was sent and how often.
import type { Failure } from '../../../electron/shared/failure';
import type { InvokeChannel, RequestOf, ResponseOf } from '../../../electron/shared/ipc-contract';

type Answer<C extends InvokeChannel> = ResponseOf<C> | Failure;
type Answers = { [C in InvokeChannel]?: (request: RequestOf<C>) => Answer<C> | Promise<Answer<C>> };

export interface FakeBridge {
  invoke: <C extends InvokeChannel>(channel: C, request: RequestOf<C>) => Promise<Answer<C>>;
  calls: { channel: InvokeChannel; request: unknown }[];
  sent: (channel: InvokeChannel) => unknown[];
}

export function fakeBridge(answers: Answers): FakeBridge {
  const calls: FakeBridge['calls'] = [];
  return {
    calls,
    sent: (channel) => calls.filter((c) => c.channel === channel).map((c) => c.request),
    async invoke(channel, request) {
      calls.push({ channel, request });
      const answer = answers[channel];
      if (!answer) return { ok: false, error: { kind: 'bridge', message: `No answer for ${channel} in this test.` } };
      return answer(request);
    },
  };
}

/** A promise resolved from outside: an answer that is still on its way. */
export function later<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
