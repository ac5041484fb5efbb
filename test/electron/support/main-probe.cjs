// Test-only observer, preloaded into Electron's main process by the smoke suite (`electron -r main-probe.cjs
// <app>`: Electron's default app preloads `-r` modules before it loads the app). It is never part of the app or
// its package, and it changes nothing the app does; it only remembers two things the app never exposes:
//   - every real Tray and the last tooltip given to it (Electron has no getter for a tray's tooltip);
//   - every request an HTTP server in this process received (the demo's embedded simulator), with its status.
// The suite reads them with `electronApp.evaluate` through globalThis.__oncallSmokeProbe.
'use strict';

if (!Object.prototype.hasOwnProperty.call(globalThis, '__oncallSmokeProbe')) install();

function install() {
  const { Tray } = require('electron');
  const http = require('node:http');
  const trays = [];
  const requests = [];

  function entryFor(tray) {
    let entry = trays.find((t) => t.tray === tray);
    if (!entry) {
      entry = { tray, tooltip: '', atMs: 0, calls: 0 };
      trays.push(entry);
    }
    return entry;
  }

  // The app sets a new tray's image and tooltip on its first render: either call makes the tray known.
  const originalSetImage = Tray.prototype.setImage;
  Tray.prototype.setImage = function setImage(image) {
    entryFor(this);
    return originalSetImage.call(this, image);
  };

  const originalSetToolTip = Tray.prototype.setToolTip;
  Tray.prototype.setToolTip = function setToolTip(text) {
    const entry = entryFor(this);
    entry.tooltip = String(text);
    entry.atMs = Date.now();
    entry.calls += 1;
    return originalSetToolTip.call(this, text);
  };

  const originalEmit = http.Server.prototype.emit;
  http.Server.prototype.emit = function emit(event, request, response) {
    if (event === 'request' && request && response) {
      const entry = { method: String(request.method), path: String(request.url).split('?')[0], status: null };
      requests.push(entry);
      response.once('finish', () => {
        entry.status = response.statusCode;
      });
    }
    return Reflect.apply(originalEmit, this, arguments);
  };

  Object.defineProperty(globalThis, '__oncallSmokeProbe', {
    value: {
      /** Plain data only (it crosses to the test): the trays, whether still alive, and the requests. */
      snapshot() {
        return {
          trays: trays.map((t) => ({ alive: !t.tray.isDestroyed(), tooltip: t.tooltip, atMs: t.atMs, calls: t.calls })),
          requests: requests.map((r) => ({ ...r })),
        };
      },
    },
  });
}
