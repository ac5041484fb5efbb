// electron/preload.ts against a recording stand-in of contextBridge and ipcRenderer: it exposes one object,
// `oncall`, that sends only the contract's channels and forwards only payloads (never Electron's event objects).
import type { EventEmitter } from 'node:events';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { OncallBridge } from '../../electron/shared/ipc-contract';

const recorded = vi.hoisted(() => ({ exposed: new Map<string, unknown>(), invoked: new Array<[string, unknown]>() }));

vi.mock('electron', async () => {
  const { EventEmitter: Emitter } = await import('node:events');
  const ipcRenderer = Object.assign(new Emitter(), {
    invoke: async (channel: string, payload: unknown) => (
      recorded.invoked.push([channel, payload]),
      { ok: true, value: null }
    ),
  });
  return {
    contextBridge: { exposeInMainWorld: (key: string, api: unknown) => void recorded.exposed.set(key, api) },
    ipcRenderer,
  };
});

let bridge: OncallBridge;
let ipcRenderer: EventEmitter;

function isBridge(value: unknown): value is OncallBridge {
  return typeof value === 'object' && value !== null && 'invoke' in value && 'on' in value;
}

beforeAll(async () => {
  await import('../../electron/preload');
  const electron = await import('electron');
  ipcRenderer = electron.ipcRenderer;
  const exposed = recorded.exposed.get('oncall');
  if (!isBridge(exposed)) throw new Error('preload did not expose window.oncall');
  bridge = exposed;
});

/** A page that bypasses the types: calls a bridge method with arguments the compiler would refuse. */
function callUnchecked(method: 'invoke' | 'on', args: unknown[]): unknown {
  const fn: unknown = Reflect.get(bridge, method);
  if (typeof fn !== 'function') throw new Error(`bridge.${method} is missing`);
  return Reflect.apply(fn, bridge, args);
}

describe('preload bridge', () => {
  it('exposes exactly one API, window.oncall, with invoke and on only', () => {
    expect([...recorded.exposed.keys()]).toEqual(['oncall']);
    expect(Object.keys(bridge).sort()).toEqual(['invoke', 'on']);
  });

  it('sends contract channels and refuses any other name without sending it', async () => {
    expect(await bridge.invoke('sync:refresh', null)).toEqual({ ok: true, value: null });
    const refused = callUnchecked('invoke', ['shell:exec', 'rm -rf /']);
    await expect(refused).rejects.toThrow('Unknown channel');
    expect(recorded.invoked).toEqual([['sync:refresh', null]]);
  });

  it('passes pushed payloads to listeners without the IPC event, and unsubscribes', () => {
    const seen: unknown[] = [];
    const off = bridge.on('navigate', (payload) => seen.push(payload));
    ipcRenderer.emit('navigate', { sender: 'ipc event object' }, { view: 'settings' });
    off();
    ipcRenderer.emit('navigate', {}, { view: 'team' });
    expect(seen).toEqual([{ view: 'settings' }]);
    expect(ipcRenderer.listenerCount('navigate')).toBe(0);
  });

  it('registers nothing for events outside the contract', () => {
    callUnchecked('on', ['shell:output', () => {}]);
    expect(ipcRenderer.listenerCount('shell:output')).toBe(0);
  });
});
