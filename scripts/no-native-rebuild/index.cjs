// electron-builder imports @electron/rebuild only to rebuild native modules for Electron. This app never does
// (electron-builder.yml: npmRebuild: false; keytar is an N-API module, one binary for Node and Electron), so the
// real package, which requires Node >= 22.12, is replaced by this one (package.json "overrides"): installs on
// Node 20 stay free of engine warnings, and a rebuild switched on by mistake fails with this reason.
const { EventEmitter } = require('node:events');

const REASON =
  'Native module rebuild is switched off for OnCall Tray (npmRebuild: false; keytar is N-API). ' +
  'Remove the @electron/rebuild override from package.json (needs Node >= 22.12) to rebuild.';

function rebuild() {
  const failed = Promise.reject(new Error(REASON));
  // electron-builder's helper listens to the rebuilder's lifecycle events before awaiting it.
  return Object.assign(failed, { lifecycle: new EventEmitter() });
}

module.exports = { rebuild };
