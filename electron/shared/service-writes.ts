// The channels that write to the on-call service, as a short list the renderer's bridge can load on its own: the
// whole channel table (channel-names.ts, with the name lists it builds at load) cost the popover's first load
// ~0.2 KB gzip for one question, "may this call's write have left the app?". channel-names re-exports it.
import type { InvokeChannel, ServiceWriteChannel } from './ipc-contract';

const WRITES = [
  'override:create',
  'take-over:now',
  'take-over:hand-back',
  'team:update',
  'chat-group:put',
  'handoff:create',
  'handoff:retry',
  'swap:create',
  'swap:settle',
] as const satisfies readonly ServiceWriteChannel[];

/** Compiles only while every write channel of the contract is listed (the test checks the list has no other). */
export const EVERY_WRITE_LISTED: [ServiceWriteChannel] extends [(typeof WRITES)[number]] ? true : never = true;

export function isServiceWrite(channel: InvokeChannel): channel is ServiceWriteChannel {
  return WRITES.some((w) => w === channel);
}
