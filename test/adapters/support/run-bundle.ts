// Runs the built main bundle (dist-style main.cjs) in plain Node with the electron stand-in installed in the
// require cache, in demo mode; waits for the tray to show the demo state, quits, and prints one RESULT line.
// Usage: node --import tsx test/adapters/support/run-bundle.ts <path to main.cjs> <userData dir>
import Module, { createRequire } from 'node:module';
import { platformTraits } from '../../../electron/core/platform/desktop-platform';
import { createElectronStandIn } from './electron-stand-in';

const [bundle, userData] = process.argv.slice(2);
if (!bundle || !userData) throw new Error('usage: run-bundle.ts <main.cjs> <userData>');
const standIn = createElectronStandIn({ appPath: process.cwd(), userData });
const require = createRequire(bundle);
const electronId = require.resolve('electron');
const stub = new Module(electronId);
stub.exports = standIn.module;
stub.loaded = true;
require.cache[electronId] = stub;

const deadline = Date.now() + 15_000;
// The demo's tray settles on one of these icons, in this host's file format (the app's platform table).
const traits = platformTraits(process.platform);
const settledIcons = ['attention', 'oncall'].map((icon) => traits.path.sep + traits.trayIconFile(icon));
const settled = () => settledIcons.some((icon) => (standIn.trays[0]?.image ?? '').endsWith(icon));
require(bundle);
while (!settled() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
// The popover as the built main serves it through app:// (its prerender bundle loaded the way the bundle loads it).
const servePopover = standIn.protocols.handlers.get('app');
let popover = '';
while (!popover.includes('data-prerendered') && Date.now() < deadline) {
  popover =
    (await (await servePopover?.(new Request('app://renderer/index.html?window=popover&view=status')))?.text()) ?? '';
  if (!popover.includes('data-prerendered')) await new Promise((r) => setTimeout(r, 50));
}
const result = {
  popoverPrerendered: popover.includes('data-prerendered') && /<style>(?:(?!<\/style>)[\s\S])+<\/style>/.test(popover),
  image: standIn.trays[0]?.image,
  tooltip: standIn.trays[0]?.tooltip,
  channels: [...standIn.handlers.keys()].sort(),
};
standIn.module.app.quit();
while (!standIn.calls.includes('quit:done') && Date.now() < deadline + 5_000)
  await new Promise((r) => setTimeout(r, 20));
console.log(
  `RESULT ${JSON.stringify({ ...result, quit: standIn.calls.includes('quit:done'), handlersLeft: standIn.handlers.size })}`,
);
process.exit(0);
