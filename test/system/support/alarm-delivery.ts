// Runs inside xvfb + a private D-Bus session with dunst (see test/system/alarm-notification.test.ts): sends one
// ordinary reminder and one shift-start alarm through the app's node-notifier adapter (notify-send), then waits until
// dbus-monitor has logged both Notify calls, so the test reads what really reached the notification server.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createNodeNotifier } from '../../../electron/adapters/notifier';

const [out = '.', iconPath = ''] = process.argv.slice(2);
const notifier = createNodeNotifier({
  identity: {
    appName: 'OnCall Tray',
    appId: 'com.oncalltray.app',
    iconPath,
    desktopEntry: 'oncall-tray',
    platform: 'linux',
  },
  onClick: () => undefined,
  log: (m) => console.log(m),
});
await notifier.notify({
  id: 'shift:sch_sys:lead15',
  title: 'On call in 15 min',
  body: 'Systems primary from 22:00',
  target: 'status',
});
await notifier.notify({
  id: 'alarm:sys:sch_sys:2026-03-10T21:00:00Z',
  title: 'On call now — Systems primary',
  body: 'Your shift starts now (22:00), from Bob.',
  target: 'status',
  alarm: true,
});
for (let i = 0; i < 200; i++) {
  const monitor = await readFile(join(out, 'monitor.txt'), 'utf8').catch(() => '');
  if ((monitor.match(/member=Notify/g) ?? []).length >= 2) break;
  await new Promise((resolve) => setTimeout(resolve, 50));
}
console.log('DONE');
