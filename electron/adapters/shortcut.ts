// The configurable global shortcut that opens quick override. Re-registered only when the setting changes; a
// shortcut the OS or another app already holds is not fatal: it is logged and told to the user (in the tray menu).
import type { GlobalShortcut } from 'electron';
import { platformTraits } from '../core/platform/desktop-platform';
import { shortcutText } from '../shared/shortcut-words';

export interface ShortcutBinder {
  /** Binds `accelerator` (empty unbinds); returns false when it could not be registered. */
  bind(accelerator: string): boolean;
  /** What to tell the user while the chosen shortcut is not registered; undefined when it works or is off. */
  problem(): string | undefined;
  dispose(): void;
}

export function createShortcutBinder(
  globalShortcut: Pick<GlobalShortcut, 'register' | 'unregister'>,
  onPress: () => void,
  log: (message: string) => void,
  platform: NodeJS.Platform,
): ShortcutBinder {
  // The user reads the keys as Settings names them on this desktop ("Ctrl+Shift+O", "Cmd+Shift+O"), never
  // Electron's accelerator syntax; the log keeps the accelerator, which is what was handed to the OS.
  const { macKeys } = platformTraits(platform);
  let current = '';
  let registered = false;
  return {
    bind(accelerator) {
      if (accelerator === current) return registered;
      if (registered) globalShortcut.unregister(current);
      current = accelerator;
      registered = false;
      if (accelerator === '') return true;
      try {
        registered = globalShortcut.register(accelerator, onPress);
      } catch {
        registered = false; // an unparsable accelerator throws
      }
      if (!registered) log(`The shortcut ${accelerator} could not be registered (in use or invalid).`);
      return registered;
    },
    problem() {
      if (current === '' || registered) return undefined;
      return `Shortcut ${shortcutText(current, macKeys)} is unavailable (another app may use it): change it in Settings`;
    },
    dispose() {
      if (registered) globalShortcut.unregister(current);
      registered = false;
      current = '';
    },
  };
}
