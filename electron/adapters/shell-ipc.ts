// The IPC handlers as the desktop shell registers them: the engine's, the alarm's, and those only main can answer.
import { app, ipcMain } from 'electron';
import type { IpcMainInvokeEvent, Rectangle } from 'electron';
import type { Engine } from '../core/engine/types';
import { copyAskCover, copySubscribeLink, copySummary } from './tray-commands';
import { relaunchArgs } from './demo';
import { registerIpc, type SenderInfo } from './ipc';
import { alarmHandlers } from './alarm-ipc';
import { log, type Context } from './shell-context';
import { shortcutStatus } from '../shared/shortcut-words';

function senderOf(event: IpcMainInvokeEvent): SenderInfo {
  const frame = event.senderFrame;
  return { webContentsId: event.sender.id, frameUrl: frame?.url, isMainFrame: frame !== null && frame.parent === null };
}

/** Restarts into demo data or the user's own service; the quit path stops timers and flushes the cache first. */
function switchMode(mode: 'demo' | 'live'): void {
  if (mode === 'live') delete process.env.ONCALL_DEMO;
  app.relaunch({ args: relaunchArgs(process.argv, mode) });
  app.quit();
}

export function registerHandlers(
  engine: Engine,
  { windows, updates, openExternal, alarms }: Context,
  trayBounds: () => Rectangle | undefined,
  shortcutProblem: () => string | undefined,
): () => void {
  return registerIpc({
    ipcMain,
    senderOf,
    // The alarm windows load the same page as the others and are ours too.
    policy: {
      ownWebContentsIds: () => new Set([...windows.ownWebContentsIds(), ...alarms.ownWebContentsIds()]),
      isOwnUrl: (url) => windows.isOwnUrl(url),
    },
    log,
    handlers: {
      ...engine.handlers,
      ...alarmHandlers(engine, alarms, log),
      'state:get': async () => ({ ok: true, value: updates.withNotice(engine.getState()) }),
      'window:open': async (r) => (windows.open(r.view, r.params, trayBounds()), { ok: true, value: null }),
      'window:close': async (_r, event) => (windows.closeFor(event.sender.id), { ok: true, value: null }),
      'external:open': (r) => openExternal(r.url),
      'summary:copy': () => copySummary(engine),
      'cover:copy': (r) => copyAskCover(engine, r),
      'phone:copy-link': () => copySubscribeLink(engine),
      'app:mode': async (r) => (switchMode(r.mode), { ok: true, value: null }),
      'shortcut:status': async (r) => ({
        ok: true,
        value: shortcutStatus(shortcutProblem(), r, process.platform === 'darwin'),
      }),
    },
  });
}
