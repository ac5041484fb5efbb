// Runs inside xvfb + a private D-Bus session with dunst (test/system/notification-markup.test.ts): sends one
// notification whose body holds markup, as a name read from a file or the service could, through the app's own
// Linux notifier (node-notifier → notify-send), then closes it and prints dunst's history (what dunst rendered).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createNodeNotifier } from '../../../electron/adapters/notifier';

const run = promisify(execFile);
const MARKUP_BODY =
  'You are on call now for <a href="https://evil.example/login">Berlin</a> <b>primary</b> &amp; until Fri 09:00.';

const notifier = createNodeNotifier({
  identity: { platform: 'linux', appName: 'OnCall Tray', appId: 'oncall-tray-test' },
  onClick: () => undefined,
});
await notifier.notify({ id: 'r1', title: 'On call now <b>x</b>', body: MARKUP_BODY, target: 'status' });
// Shown, then closed into the history, whose `message` is the text dunst rendered (links taken out of it).
for (let tries = 0; tries < 100; tries++) {
  await run('dunstctl', ['close-all']);
  const { stdout } = await run('dunstctl', ['history']);
  if (stdout.includes('"message"')) {
    console.log(`RESULT ${JSON.stringify({ history: JSON.parse(stdout) as unknown })}`);
    break;
  }
  await new Promise((r) => setTimeout(r, 50));
}
