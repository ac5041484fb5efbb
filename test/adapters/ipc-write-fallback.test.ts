// Issue 19, case 4, main's side of IPC: a write channel whose handler throws, or answers outside the contract,
// may already have sent the write. Its fallback says the outcome is unknown (kind outcome_unknown, which the views
// show as "Outcome unknown" with "Check again"), never "try again". Other channels keep the plain fallback.
import { describe, expect, it } from 'vitest';
import { registerIpc, type AllHandlers, type IpcMainLike, type SenderInfo } from '../../electron/adapters/ipc';
import type { InvokeChannel, ResponseOf } from '../../electron/shared/ipc-contract';
import { SERVICE_WRITE_CHANNELS } from '../../electron/shared/channel-names';
import { textMatching } from '../support/matchers';

type FakeEvent = { sender: SenderInfo };
type Listener = (event: FakeEvent, ...args: unknown[]) => unknown;

const OWN_URL = 'file:///app/dist/renderer/index.html';
const own: SenderInfo = { webContentsId: 7, frameUrl: OWN_URL, isMainFrame: true };
const policy = { ownWebContentsIds: () => new Set([7]), isOwnUrl: (u: string) => u === OWN_URL };

const thrown = async (): Promise<never> => {
  throw new TypeError('lost after sending');
};

/** Every write handler "sends" its write (counted), then throws; reads throw too. */
function throwingHandlers(sent: InvokeChannel[]): AllHandlers<FakeEvent> {
  const afterSending = (channel: InvokeChannel) => async (): Promise<never> => {
    sent.push(channel);
    throw new TypeError('lost after sending');
  };
  return {
    'state:get': thrown,
    'sync:refresh': thrown,
    'override:preview': thrown,
    'override:check': thrown,
    'override:candidates': thrown,
    'override:get': thrown,
    'override:recheck': thrown,
    'take-over:options': thrown,
    'override:create': afterSending('override:create'),
    'take-over:now': afterSending('take-over:now'),
    'take-over:hand-back': afterSending('take-over:hand-back'),
    'team:update': afterSending('team:update'),
    'chat-group:put': afterSending('chat-group:put'),
    'settings:update': thrown,
    'schedule:check': thrown,
    'key:set': thrown,
    'key:remove': thrown,
    'account:add': thrown,
    'summary:get': thrown,
    'handoff:plan': thrown,
    'handoff:get': thrown,
    'handoff:dismiss': thrown,
    'cover:ask-text': thrown,
    'swap:offer': thrown,
    'handoff:create': afterSending('handoff:create'),
    'handoff:retry': afterSending('handoff:retry'),
    'swap:create': afterSending('swap:create'),
    'swap:settle': afterSending('swap:settle'),
    'cover:copy': thrown,
    'shortcut:status': thrown,
    'readiness:test': thrown,
    'window:open': thrown,
    'window:close': thrown,
    'external:open': thrown,
    'summary:copy': thrown,
    'app:mode': thrown,
    'alarm:get': thrown,
    'alarm:intent': thrown,
    'phone:intent': thrown,
    'phone:words': thrown,
    'phone:link': thrown,
    'phone:copy-link': thrown,
  };
}

function register(handlers: AllHandlers<FakeEvent>) {
  const listeners = new Map<string, Listener>();
  const ipcMain: IpcMainLike<FakeEvent> = {
    handle: (channel, listener) => void listeners.set(channel, listener),
    removeHandler: (channel) => void listeners.delete(channel),
  };
  registerIpc({ ipcMain, handlers, senderOf: (e) => e.sender, policy });
  return (channel: InvokeChannel, payload: unknown) => listeners.get(channel)?.({ sender: own }, payload);
}

const SIDE = {
  scheduleId: 'sch_a',
  start: '2026-03-02T09:00:00Z',
  end: '2026-03-02T17:00:00Z',
  email: 'a@example.com',
  others: [],
  message: '',
};
const REQUESTS: Record<(typeof SERVICE_WRITE_CHANNELS)[number], unknown> = {
  'override:create': { scheduleId: 'sch_a', window: { kind: 'next_hours', hours: 2 }, emails: [] },
  'take-over:now': { scheduleId: 'sch_a' },
  'take-over:hand-back': { scheduleId: 'sch_a' },
  'team:update': { accountId: 'main', teamId: 'tea_a', name: 'Core' },
  'chat-group:put': { scheduleId: 'sch_a', name: 'Core', handle: 'core' },
  'handoff:create': {
    items: [
      { scheduleId: 'sch_a', start: '2026-03-02T09:00:00Z', end: '2026-03-02T17:00:00Z', email: 'b@example.com' },
    ],
  },
  'handoff:retry': null,
  'swap:create': {
    mine: { scheduleId: 'sch_a', start: '2026-03-02T09:00:00Z', end: '2026-03-02T17:00:00Z' },
    theirs: { scheduleId: 'sch_a', start: '2026-03-04T09:00:00Z', end: '2026-03-04T17:00:00Z', email: 'b@example.com' },
  },
  'swap:settle': {
    action: 'retry',
    mine: { ...SIDE, email: 'b@example.com', state: 'handed_off' },
    theirs: { ...SIDE, start: '2026-03-04T09:00:00Z', end: '2026-03-04T17:00:00Z', state: 'not_landed' },
    back: null,
  },
};

describe('IPC fallbacks after a write may have been sent', () => {
  it.each([...SERVICE_WRITE_CHANNELS])(
    '%s: a throw after sending answers "outcome unknown", never "try again"',
    async (channel) => {
      const sent: InvokeChannel[] = [];
      const call = register(throwingHandlers(sent));
      const answer = await call(channel, REQUESTS[channel]);
      expect(sent).toEqual([channel]);
      expect(answer).toMatchObject({
        ok: false,
        error: { kind: 'outcome_unknown', message: textMatching(/unknown whether/) },
      });
      expect(JSON.stringify(answer)).not.toMatch(/try again/i);
    },
  );

  it('override:create: an answer outside the contract is also "outcome unknown" (the write was made)', async () => {
    const handlers = throwingHandlers([]);
    const made: ResponseOf<'override:create'> = { ok: true, value: { status: 'unknown', message: 'sent' } };
    // A handler bug TypeScript can't see: the answer reads as something the contract does not allow.
    const bent = new Proxy(made, {
      get: (target, field): unknown => (field === 'ok' ? 'perhaps' : Reflect.get(target, field)),
    });
    const call = register({ ...handlers, 'override:create': async () => bent });
    const answer = await call('override:create', REQUESTS['override:create']);
    expect(answer).toMatchObject({ ok: false, error: { kind: 'outcome_unknown' } });
    expect(JSON.stringify(answer)).not.toMatch(/try again/i);
  });

  it('a read channel keeps the plain internal fallback (nothing was written)', async () => {
    const call = register(throwingHandlers([]));
    expect(await call('sync:refresh', null)).toMatchObject({ ok: false, error: { kind: 'internal' } });
  });
});
