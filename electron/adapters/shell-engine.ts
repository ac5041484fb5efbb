// The core engine as the desktop shell builds it: its ports (clock, keychain, notifier, files) from Electron and the OS.
import { app, dialog, Notification } from 'electron';
import { createEngine } from '../core/engine/engine';
import type { Engine } from '../core/engine/types';
import type { LoginItem } from '../core/ports';
import { createFsFileStore } from '../core/storage/fs-file-store';
import { APP_ID, APP_NAME, DESKTOP_ENTRY } from './app-paths';
import { alarmFromButton } from './alarm-actions';
import { systemClock } from './clock';
import { dataDirFor } from './demo';
import { createKeychainStore } from './keychain';
import { notificationFallback } from './notification-fallback';
import { appNotifications } from './notifications';
import { log, type Context } from './shell-context';

export function buildEngine({
  platform,
  paths,
  demo,
  windows,
  zone,
  alarms,
  loginItem,
}: Pick<Context, 'platform' | 'paths' | 'demo' | 'windows' | 'zone' | 'alarms'> & { loginItem?: LoginItem }): Engine {
  // Set below; a refused notification (any OS) asks readiness again through it.
  const late: { engine?: Engine } = {};
  // macOS: Electron's Notification; elsewhere node-notifier. Readiness asks the same path it delivers through. What
  // macOS refuses (an unsigned build since Electron 42) opens its window and a message box instead, never silence.
  const notifications = appNotifications({
    identity: {
      appName: APP_NAME,
      iconPath: paths.externalAppIcon,
      appId: APP_ID,
      desktopEntry: DESKTOP_ENTRY,
      platform,
    },
    electron: { isSupported: () => Notification.isSupported(), create: (options) => new Notification(options) },
    onClick: (view, params) => windows.open(view, params),
    onAction: (n, index) => late.engine && alarmFromButton(n.id, index, late.engine),
    // One shown after a failure ends that problem: the tray says so at once.
    onRecovered: () => late.engine?.notificationsChanged(),
    onFailed: notificationFallback({
      openWindow: (view, params) => windows.open(view, params),
      showMessage: (message) => dialog.showMessageBox(message),
      recheck: () => late.engine?.notificationsChanged(),
      platform,
      log,
    }),
    log,
  });
  const engine = createEngine({
    clock: systemClock,
    secrets: createKeychainStore({ log }),
    notifier: notifications.notifier,
    files: createFsFileStore(dataDirFor(app.getPath('userData'), demo !== undefined)),
    ...(demo ? { overrides: demo.overrides } : {}),
    // Read at each plan and judgement: after a change the plan is made again in the new zone before anything is said.
    localZone: zone.current,
    // Readiness before a shift: can notifications be shown on the path they take (D-Bus on Linux, Electron on macOS).
    notificationHealth: notifications.health,
    // The ringing alarm's window (one per display); its "Can't — find cover" opens Ask for cover / take over.
    alarmSurface: alarms,
    openView: (view, params) => windows.open(view, params),
    platform,
    // A Save that keeps Start at login on asks the OS again while its refusal is known (never in the demo).
    ...(loginItem ? { loginItem } : {}),
    log,
  });
  late.engine = engine;
  return engine;
}
