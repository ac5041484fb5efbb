import { describe, expect, it } from 'vitest';
import {
  isTrustedSender,
  registerIpc,
  type AllHandlers,
  type IpcMainLike,
  type SenderInfo,
} from '../../electron/adapters/ipc';
import { INVOKE_CHANNEL_NAMES } from '../../electron/shared/channel-names';
import { INVOKE_CHANNELS, type InvokeChannel } from '../../electron/shared/ipc-contract';
import { defaultSettings } from '../../electron/shared/settings';

type FakeEvent = { sender: SenderInfo };
type Listener = (event: FakeEvent, ...args: unknown[]) => unknown;

const OWN_URL = 'file:///app/dist/renderer/index.html';
const own: SenderInfo = { webContentsId: 7, frameUrl: `${OWN_URL}?view=status`, isMainFrame: true };
const policy = { ownWebContentsIds: () => new Set([7]), isOwnUrl: (u: string) => u.split(/[?#]/)[0] === OWN_URL };

function recorder() {
  const listeners = new Map<string, Listener>();
  const ipcMain: IpcMainLike<FakeEvent> = {
    handle: (channel, listener) => void listeners.set(channel, listener),
    removeHandler: (channel) => void listeners.delete(channel),
  };
  const call = (channel: string, payload: unknown, sender: SenderInfo = own) => {
    const listener = listeners.get(channel);
    if (!listener) throw new Error(`no handler for ${channel}`);
    return listener({ sender }, payload);
  };
  return { listeners, ipcMain, call };
}

function handlers(calls: string[]): AllHandlers<FakeEvent> {
  const done = async () => ({ ok: true as const, value: null });
  const settings = defaultSettings();
  return {
    'state:get': async () => ({ ok: false, error: { kind: 'internal', message: 'Starting…' } }),
    'sync:refresh': async () => (calls.push('sync:refresh'), done()),
    'override:check': async () => ({ ok: false, error: { kind: 'internal', message: 'not here' } }),
    'override:candidates': async () => ({ ok: true, value: [] }),
    'override:preview': async (r) => ({
      ok: true,
      value: {
        scheduleId: r.scheduleId,
        start: 'a',
        end: 'b',
        covering: [],
        replaces: [],
        basis: { kind: 'fresh', readAt: null },
      },
    }),
    'override:create': async () => ({ ok: false, error: { kind: 'rejected', message: 'No' } }),
    'override:get': async (r) => ({
      ok: true,
      value: { id: r.overrideId, scheduleId: r.scheduleId, start: 'a', end: 'b', users: [] },
    }),
    'override:recheck': async () => ({ ok: true, value: { state: 'cannot_tell', text: 'Cannot tell.' } }),
    'take-over:now': async () => ({
      ok: false,
      error: { kind: 'already_on_call', message: 'You are already on call.' },
    }),
    'take-over:hand-back': async () => ({
      ok: false,
      error: { kind: 'nothing_to_hand_back', message: 'Nothing to hand back.' },
    }),
    'take-over:options': async () => ({ ok: true, value: [] }),
    'team:update': async (r) => ({ ok: true, value: { id: r.teamId, name: r.name ?? '', description: '' } }),
    'chat-group:put': async (r) => ({ ok: true, value: { id: 'g', name: r.name, handle: r.handle } }),
    'settings:update': async (patch) => (
      calls.push(`settings:update ${JSON.stringify(patch)}`),
      { ok: true, value: settings }
    ),
    'schedule:check': async () => ({
      ok: true,
      value: { id: 'sch_a', name: 'A', timeZone: 'Etc/UTC', added: 'Added “A” (UTC).' },
    }),
    'account:add': async () => ({ ok: false, error: { kind: 'validation', message: 'Please fix the form.' } }),
    'readiness:test': async (r) => (calls.push(`readiness:test ${r.step}`), done()),
    // A buggy handler trying to leak the key next to the contract's fields: the adapter must strip it.
    'key:set': async (r) => {
      const leaky = { storage: 'keychain' as const, key: r.key };
      return { ok: true, value: leaky };
    },
    'key:remove': done,
    'summary:get': async () => ({ ok: true, value: 'On call as of 14:05 CET (13:05 UTC):\n' }),
    'handoff:plan': async () => ({ ok: true, value: { from: 'a', to: 'b', rows: [], excluded: [] } }),
    'handoff:create': async () => ({ ok: true, value: { run: null, said: null, notice: null } }),
    'handoff:get': async () => ({ ok: true, value: { run: null, said: null, notice: null } }),
    'handoff:retry': async () => ({ ok: true, value: { run: null, said: null, notice: null } }),
    'handoff:dismiss': async () => ({ ok: true, value: { run: null, said: null, notice: null } }),
    'swap:create': async () => ({ ok: false, error: { kind: 'validation', message: 'No' } }),
    'swap:settle': async () => ({ ok: false, error: { kind: 'validation', message: 'No' } }),
    'cover:copy': async () => ({ ok: true, value: 'Could someone cover this on-call shift for me?' }),
    'cover:ask-text': async () => ({ ok: true, value: '' }),
    'swap:offer': async () => ({ ok: true, value: { offered: [], teammatesRead: false, mine: '' } }),
    'shortcut:status': async () => ({ ok: true, value: { problem: null } }),
    'window:open': async (r) => (calls.push(`window:open ${r.view}`), done()),
    'window:close': async () => {
      throw new Error('window vanished');
    },
    'external:open': done,
    'summary:copy': async () => ({ ok: true, value: 'On call as of 14:05 CET (13:05 UTC):\n' }),
    'app:mode': async (r) => (calls.push(`app:mode ${r.mode}`), done()),
    'alarm:get': async () => ({ ok: true, value: null }),
    'alarm:intent': async (r) => (calls.push(`alarm:intent ${r.kind}`), done()),
    'phone:intent': async (r) => (calls.push(`phone:intent ${r.kind}`), { ok: true, value: 'Saved.' }),
    'phone:words': async () => ({ ok: true, value: { tested: null, booking: null } }),
    'phone:link': async () => ({ ok: true, value: null }),
    'phone:copy-link': async () => ({ ok: true, value: 'https://ntfy.sh/x' }),
  };
}

function setup() {
  const rec = recorder();
  const calls: string[] = [];
  const logs: string[] = [];
  const dispose = registerIpc({
    ipcMain: rec.ipcMain,
    handlers: handlers(calls),
    senderOf: (e) => e.sender,
    policy,
    log: (m) => logs.push(m),
  });
  return { ...rec, calls, logs, dispose };
}

describe('IPC handlers', () => {
  it('registers a handler for every channel of the contract, and removes them all', () => {
    const { listeners, dispose } = setup();
    expect([...listeners.keys()].sort()).toEqual([...INVOKE_CHANNELS].sort());
    expect([...INVOKE_CHANNEL_NAMES].sort()).toEqual([...INVOKE_CHANNELS].sort());
    dispose();
    expect(listeners.size).toBe(0);
  });

  it('passes a valid request to its handler and answers its result', async () => {
    const { call, calls } = setup();
    expect(await call('window:open', { view: 'override' })).toEqual({ ok: true, value: null });
    expect(await call('settings:update', { startAtLogin: true })).toMatchObject({ ok: true, value: { version: 2 } });
    expect(calls).toEqual(['window:open override', 'settings:update {"startAtLogin":true}']);
  });

  it('rejects bad payloads with a validation result naming the field, without calling the handler', async () => {
    const { call, calls } = setup();
    const bad: Array<[InvokeChannel, unknown]> = [
      ['window:open', { view: 'devtools' }],
      ['settings:update', { account: { id: 'main', email: 'not-an-email' } }],
      // Nothing means "the first": a change, a key, a team or a check without its account is refused.
      ['settings:update', { account: { email: 'me@example.com' } }],
      ['key:set', { key: 'sekret-key-123' }],
      ['key:remove', null],
      ['team:update', { teamId: 'tea_1', name: 'Core' }],
      ['schedule:check', { input: 'sch_a' }],
      ['settings:update', { accounts: [{ id: 'Not An Id', label: 'Acme' }] }],
      ['sync:refresh', { extra: 1 }],
      ['override:create', { scheduleId: 'sch_a', window: { kind: 'next_hours', hours: 3 }, emails: [] }],
      ['key:set', { accountId: 'main', key: '' }],
      ['external:open', 'https://x'],
    ];
    for (const [channel, payload] of bad) {
      expect(await call(channel, payload), channel).toMatchObject({ ok: false, error: { kind: 'validation' } });
    }
    const email = await call('settings:update', { account: { id: 'main', email: 'not-an-email' } });
    expect(email).toMatchObject({
      error: { problems: [{ field: 'account.email', message: 'must be an e-mail address' }] },
    });
    expect(calls).toEqual([]);
  });

  it('rejects foreign senders: another webContents, a subframe, another page, a destroyed frame', async () => {
    const { call, calls, logs } = setup();
    const foreign: SenderInfo[] = [
      { ...own, webContentsId: 99 },
      { ...own, isMainFrame: false },
      { ...own, frameUrl: 'https://evil.example.net/' },
      { ...own, frameUrl: 'file:///tmp/other.html' },
      { ...own, frameUrl: undefined },
    ];
    for (const sender of foreign) {
      expect(await call('window:open', { view: 'settings' }, sender)).toMatchObject({
        ok: false,
        error: { kind: 'forbidden' },
      });
    }
    expect(calls).toEqual([]);
    expect(logs.every((l) => l === 'ipc: refused window:open from a foreign sender')).toBe(true);
    expect(isTrustedSender(own, policy)).toBe(true);
  });

  it('never throws: a failing handler becomes an internal-error result', async () => {
    const { call, logs } = setup();
    expect(await call('window:close', null)).toMatchObject({ ok: false, error: { kind: 'internal' } });
    expect(logs).toEqual(['ipc: window:close failed: Error']);
  });

  it('strips anything outside the contract from answers, so the key cannot leave through a handler bug', async () => {
    const { call } = setup();
    const answer = await call('key:set', { accountId: 'main', key: 'sekret-key-123' });
    expect(answer).toEqual({ ok: true, value: { storage: 'keychain' } });
    expect(JSON.stringify(answer)).not.toContain('sekret');
  });
});
