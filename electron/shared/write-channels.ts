// The channels that write to the on-call service, as plain strings: main's IPC adapter and the renderer's bridge
// both need them, and the renderer's bundle carries no zod, so this must not load ipc-contract at run time.
import type { InvokeChannel } from './ipc-contract';

/**
 * Once one of these was invoked, its write may have left the app, so a failure no layer can explain (a throw, a
 * lost or garbled IPC answer) is "outcome unknown" there, never "try again": that could be a second write.
 */
export const SERVICE_WRITE_CHANNELS = [
  'override:create',
  'take-over:now',
  'take-over:hand-back',
  'team:update',
  'chat-group:put',
] as const satisfies readonly InvokeChannel[];
export type ServiceWriteChannel = (typeof SERVICE_WRITE_CHANNELS)[number];

export function isServiceWrite(channel: InvokeChannel): channel is ServiceWriteChannel {
  return SERVICE_WRITE_CHANNELS.some((c) => c === channel);
}
