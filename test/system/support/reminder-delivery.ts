// Runs inside xvfb + a private D-Bus session with dunst (see test/system/notification.test.ts): the real engine,
// on the real clock, syncs a one-schedule seed from the simulator in which my shift starts in 15 min + 8 s (slack for the first sync on a busy CI machine), so the
// 15-minute reminder falls due 8 s later and goes out through node-notifier → notify-send. The stored settings keep
// only that lead time, so it is the one notification. Prints one RESULT line with what the core asked to show, when.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { systemClock } from '../../../electron/adapters/clock';
import { createNodeNotifier } from '../../../electron/adapters/notifier';
import { createEngine } from '../../../electron/core/engine/engine';
import { createFsFileStore } from '../../../electron/core/storage/fs-file-store';
import { SETTINGS_FILE } from '../../../electron/core/storage/settings-store';
import { defaultSettings } from '../../../electron/shared/settings';
import type { NotificationRequest, SecretStore } from '../../../electron/core/ports';
import { startSimulator } from '../../../electron/simulator/server';

const iconPath = process.argv[2] ?? '';
const user = (id: string, name: string, email: string, chat: string) => ({
  id,
  name,
  email,
  time_zone: 'Europe/Berlin',
  role: 'user',
  seat: 'member',
  chat_id: chat,
});
const seed = {
  api_keys: [{ key: 'ocs_system_k1', user_id: 'usr_alice' }],
  users: [
    user('usr_alice', 'Alice Doe', 'alice@example.com', 'U01'),
    user('usr_bob', 'Bob Roe', 'bob@example.com', 'U02'),
  ],
  teams: [{ id: 'tea_sys', name: 'Systems', description: '' }],
  schedules: [
    {
      id: 'sch_sys_primary',
      name: 'Systems primary',
      description: '',
      time_zone: 'Europe/Berlin',
      team_ids: ['tea_sys'],
      layers: [
        {
          name: 'Daily',
          rotation_start: 'now+PT15M8S',
          concurrent_oncall_users: 1,
          user_ids: ['usr_alice', 'usr_bob'],
          shift_length: { amount: 1, unit: 'days' },
          restriction_intervals: [],
        },
      ],
      overrides: [],
    },
  ],
  coverage_requests: [],
};

const noKeychain: SecretStore = {
  get: async () => ({ ok: true, value: undefined }),
  set: async () => ({ ok: true, value: { storage: 'memory' } }),
  delete: async () => ({ ok: true, value: null }),
};

const dataDir = await mkdtemp(join(tmpdir(), 'oncall-reminder-'));
const files = createFsFileStore(dataDir);
const settings = defaultSettings();
await files.writeAtomic(
  SETTINGS_FILE,
  // Start at login on, as for a user who relies on reminders: readiness then has nothing to warn about.
  JSON.stringify({ ...settings, startAtLogin: true, reminders: { ...settings.reminders, leadTimesMin: [15] } }),
);
const simulator = await startSimulator({ seed, port: 0 });
const real = createNodeNotifier({
  identity: {
    appName: 'OnCall Tray',
    iconPath,
    appId: 'com.oncalltray.app',
    desktopEntry: 'oncall-tray',
    platform: 'linux',
  },
  onClick: () => undefined,
  log: (m) => console.error(m),
});
const delivered: Array<NotificationRequest & { atMs: number }> = [];
let markDelivered: () => void = () => undefined;
const reminderShown = new Promise<void>((resolve) => (markDelivered = resolve));
const engine = createEngine({
  clock: systemClock,
  secrets: noKeychain,
  notifier: {
    async notify(n) {
      delivered.push({ ...n, atMs: Date.now() });
      await real.notify(n); // resolves when notify-send has handed it to the notification server
      if (n.id.endsWith(':lead15')) markDelivered();
    },
  },
  files,
  overrides: {
    baseUrl: simulator.url,
    apiKey: simulator.apiKey,
    email: 'alice@example.com',
    scheduleIds: ['sch_sys_primary'],
  },
  localZone: 'Europe/Berlin',
});
await engine.start();
let timer: ReturnType<typeof setTimeout> | undefined;
const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, 20_000)));
await Promise.race([reminderShown, timeout]);
clearTimeout(timer);
console.log(`RESULT ${JSON.stringify({ delivered, shiftStart: engine.getState().me.nextShift?.start })}`);
await engine.stop();
await simulator.close();
await rm(dataDir, { recursive: true, force: true });
