// A channel is declared once, in the contract: the handler maps, the request checks, the write set and the zod-free
// name table are derived from it. The type-level half below is checked by `npm run typecheck`: an expected error
// that does not happen is itself an error, so each one proves the compiler refuses that drift. The run-time half
// checks the zod-free table and the engine against the contract, and the write set against a list written by hand.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { AllHandlers } from '../../electron/adapters/ipc';
import { createEngine } from '../../electron/core/engine/engine';
import type { EngineHandlers } from '../../electron/core/engine/types';
import {
  CHANNEL_WRITES,
  INVOKE_CHANNEL_NAMES,
  isInvokeChannel,
  isPushEvent,
  isServiceWrite,
  PUSH_EVENT_NAMES,
  SERVICE_WRITE_CHANNELS,
  type ChannelWrites,
} from '../../electron/shared/channel-names';
import {
  INVOKE_CHANNELS,
  invokeChannels,
  pushEvents,
  type resultOf,
  writesService,
  type ChannelsWith,
  type EngineChannel,
  type MainChannel,
} from '../../electron/shared/ipc-contract';
import { MemorySecrets } from '../core/support/engine-harness';
import { FakeClock } from '../core/support/fake-clock';
import { MemoryFileStore } from '../core/support/memory-file-store';

// ── Compile-time: each of these fails `npm run typecheck` unless the compiler refuses the line under the comment.

/** A new engine channel in the contract, with no handler written for it yet. */
type Grown = typeof invokeChannels & {
  'week:get': { request: z.ZodNull; response: ReturnType<typeof resultOf<z.ZodString>>; handler: 'engine' };
};
type GrownEngineChannel = ChannelsWith<Grown, { handler: 'engine' }>;

export function newChannelNeedsItsHandler(today: EngineHandlers): Record<GrownEngineChannel, unknown> {
  const covered: Record<EngineChannel, unknown> = today; // the control: today's channels are all covered
  void covered;
  // @ts-expect-error 'week:get' is declared (handler: 'engine') but the engine has no handler for it
  return today;
}

export function engineHandlerMissing(handlers: Omit<EngineHandlers, 'summary:get'>): EngineHandlers {
  // @ts-expect-error the contract says the engine answers summary:get
  return handlers;
}

export function mainHandlerMissing(handlers: Omit<AllHandlers<null>, 'window:open'>): AllHandlers<null> {
  // @ts-expect-error the contract says main answers window:open
  return handlers;
}

const { 'summary:copy': _dropped, ...withoutOne } = CHANNEL_WRITES;
void _dropped;
// @ts-expect-error a name left out of the zod-free table
export const nameMissing: ChannelWrites = withoutOne;
// @ts-expect-error the contract says override:create writes to the service
export const flagWrong: ChannelWrites = { ...CHANNEL_WRITES, 'override:create': false };
// @ts-expect-error the contract has no channel 'week:get'
export const nameExtra: ChannelWrites = { ...CHANNEL_WRITES, 'week:get': false };

// ── Run time.

const sorted = (names: Iterable<string>) => [...names].sort();

describe('the contract is the one declaration of a channel', () => {
  it("the zod-free names are exactly the contract's channels and push events", () => {
    expect(sorted(INVOKE_CHANNEL_NAMES)).toEqual(sorted(Object.keys(invokeChannels)));
    expect(INVOKE_CHANNEL_NAMES).toHaveLength(42);
    expect(sorted(PUSH_EVENT_NAMES)).toEqual(sorted(Object.keys(pushEvents)));
  });

  it('the write set is the five service writes, the same on both sides of the bridge', () => {
    const byHand = [
      'chat-group:put',
      'handoff:create',
      'handoff:retry',
      'override:create',
      'swap:create',
      'swap:settle',
      'take-over:hand-back',
      'take-over:now',
      'team:update',
    ];
    expect(sorted(SERVICE_WRITE_CHANNELS)).toEqual(byHand);
    expect(sorted(INVOKE_CHANNELS.filter(writesService))).toEqual(byHand);
    for (const channel of INVOKE_CHANNELS) expect(isServiceWrite(channel)).toBe(writesService(channel));
  });

  it('a name the contract lacks is no channel, even one every object has', () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'week:get', '', 7, null]) {
      expect(isInvokeChannel(name)).toBe(false);
      expect(isPushEvent(name)).toBe(false);
    }
    expect(isInvokeChannel('override:create')).toBe(true);
    expect(isPushEvent('navigate')).toBe(true);
  });

  it("the engine answers exactly the channels the contract gives it, main's are left to main", () => {
    const engine = createEngine({
      clock: new FakeClock(Date.UTC(2025, 0, 6, 9)),
      secrets: new MemorySecrets(),
      notifier: { notify: async () => undefined },
      files: new MemoryFileStore(),
      localZone: 'Etc/UTC',
    });
    const engineChannels = INVOKE_CHANNELS.filter((c) => invokeChannels[c].handler === 'engine');
    expect(sorted(Object.keys(engine.handlers))).toEqual(sorted(engineChannels));
    const mainByHand: MainChannel[] = [
      'alarm:get',
      'alarm:intent',
      'app:mode',
      'cover:copy',
      'external:open',
      'phone:copy-link',
      'phone:intent',
      'phone:link',
      'phone:words',
      'shortcut:status',
      'summary:copy',
      'window:close',
      'window:open',
    ];
    expect(sorted(INVOKE_CHANNELS.filter((c) => !engineChannels.includes(c)))).toEqual(mainByHand);
  });
});
