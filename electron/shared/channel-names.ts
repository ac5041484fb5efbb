// The contract's channel names as plain strings, for the sandboxed preload: it cannot load npm packages, so it must
// not pull zod in through ipc-contract. The type-level checks below fail compilation if this list and the contract
// ever disagree in either direction.
import type { InvokeChannel, PushEvent } from './ipc-contract';

export const INVOKE_CHANNEL_NAMES = [
  'state:get',
  'sync:refresh',
  'override:preview',
  'override:candidates',
  'override:create',
  'override:get',
  'take-over:now',
  'take-over:hand-back',
  'take-over:options',
  'team:update',
  'chat-group:put',
  'settings:update',
  'schedule:check',
  'key:set',
  'key:remove',
  'summary:get',
  'shortcut:status',
  'window:open',
  'window:close',
  'external:open',
  'summary:copy',
  'app:mode',
  'readiness:test',
] as const satisfies readonly InvokeChannel[];

export const PUSH_EVENT_NAMES = ['state:changed', 'navigate'] as const satisfies readonly PushEvent[];

type Missing<All, Listed> = [Exclude<All, Listed>] extends [never] ? true : Exclude<All, Listed>;
const everyInvokeChannelListed: Missing<InvokeChannel, (typeof INVOKE_CHANNEL_NAMES)[number]> = true;
const everyPushEventListed: Missing<PushEvent, (typeof PUSH_EVENT_NAMES)[number]> = true;
void everyInvokeChannelListed;
void everyPushEventListed;

export function isInvokeChannel(name: unknown): name is InvokeChannel {
  return typeof name === 'string' && INVOKE_CHANNEL_NAMES.some((c) => c === name);
}

export function isPushEvent(name: unknown): name is PushEvent {
  return typeof name === 'string' && PUSH_EVENT_NAMES.some((e) => e === name);
}
