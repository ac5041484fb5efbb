// Runs in the sandboxed preload of our windows and exposes exactly the typed IPC contract as `window.oncall`.
// Bundled by esbuild (a sandboxed preload cannot require npm packages), so it imports only plain channel names.
// Neither ipcRenderer nor its event objects ever reach the page: only payloads cross the bridge.
import { contextBridge, ipcRenderer } from 'electron';
import type { OncallBridge } from './shared/ipc-contract';
import { isInvokeChannel, isPushEvent } from './shared/channel-names';

const bridge: OncallBridge = {
  invoke(channel, request) {
    // The renderer's types already prevent this; a page that bypasses them gets a rejection, never a send.
    if (!isInvokeChannel(channel)) return Promise.reject(new Error('Unknown channel'));
    return ipcRenderer.invoke(channel, request);
  },
  on(event, listener) {
    if (!isPushEvent(event)) return () => {};
    // The renderer's bridge module validates every payload against the contract before any view sees it.
    const forward: Parameters<typeof ipcRenderer.on>[1] = (_event, payload) => {
      // Electron types payloads `any` and a sandboxed preload has no zod; the contract's listener type is what the
      // bridge module checks (onState) before any view reads it.
      // eslint-disable-next-line @typescript-eslint/no-unsafe-argument
      listener(payload);
    };
    ipcRenderer.on(event, forward);
    return () => {
      ipcRenderer.removeListener(event, forward);
    };
  },
};

contextBridge.exposeInMainWorld('oncall', bridge);
