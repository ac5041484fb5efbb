// The contract's channel names and write flags as plain data, for the sandboxed preload (it cannot load npm packages)
// and the renderer (whose bundle carries no zod), so this must not load ipc-contract at run time. It declares nothing:
// its types come from the contract, which leaves exactly one table that compiles, the contract's. A channel missing
// here, one the contract doesn't have, or a write flag that disagrees with the contract's fails compilation.
import type { InvokeChannel, PushEvent, ServiceWriteChannel } from './ipc-contract';

/** For every channel of the contract, whether it writes to the on-call service, and nothing else. */
export type ChannelWrites = { readonly [C in InvokeChannel]: C extends ServiceWriteChannel ? true : false };
export type PushEventNames = { readonly [E in PushEvent]: true };

/** The only values that compile are the contract's: `true` exactly where its entry says `write: true`. */
export const CHANNEL_WRITES = {
  'state:get': false,
  'sync:refresh': false,
  'override:preview': false,
  'override:check': false,
  'override:candidates': false,
  'override:create': true,
  'override:get': false,
  'override:recheck': false,
  'take-over:now': true,
  'take-over:hand-back': true,
  'take-over:options': false,
  'team:update': true,
  'chat-group:put': true,
  'settings:update': false,
  'schedule:check': false,
  'key:set': false,
  'key:remove': false,
  'account:add': false,
  'summary:get': false,
  'handoff:plan': false,
  'handoff:create': true,
  'handoff:get': false,
  'handoff:retry': true,
  'handoff:dismiss': false,
  'swap:create': true,
  'swap:settle': true,
  'swap:offer': false,
  'cover:ask-text': false,
  'shortcut:status': false,
  'window:open': false,
  'window:close': false,
  'external:open': false,
  'summary:copy': false,
  'cover:copy': false,
  'readiness:test': false,
  'app:mode': false,
  'alarm:get': false,
  'alarm:intent': false,
  'phone:intent': false,
  'phone:words': false,
  'phone:link': false,
  'phone:copy-link': false,
} as const satisfies ChannelWrites;

const PUSH_EVENTS = { 'state:changed': true, navigate: true, 'alarm:changed': true } as const satisfies PushEventNames;

function isKeyOf<T extends object>(table: T, name: unknown): name is keyof T {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(table, name);
}

export const INVOKE_CHANNEL_NAMES = Object.keys(CHANNEL_WRITES).filter((c) => isKeyOf(CHANNEL_WRITES, c));
export const PUSH_EVENT_NAMES = Object.keys(PUSH_EVENTS).filter((e) => isKeyOf(PUSH_EVENTS, e));
/**
 * Once one of these was invoked, its write may have left the app, so a failure no layer can explain (a throw, a
 * lost or garbled IPC answer) is "outcome unknown" there, never "try again": that could be a second write.
 */
export const SERVICE_WRITE_CHANNELS = INVOKE_CHANNEL_NAMES.filter((c): c is ServiceWriteChannel => CHANNEL_WRITES[c]);
export { isServiceWrite } from './service-writes';

export function isInvokeChannel(name: unknown): name is InvokeChannel {
  return isKeyOf(CHANNEL_WRITES, name);
}

export function isPushEvent(name: unknown): name is PushEvent {
  return isKeyOf(PUSH_EVENTS, name);
}
