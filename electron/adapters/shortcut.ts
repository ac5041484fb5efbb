// The configurable global shortcut that opens quick override. Re-registered only when the setting changes; a
// shortcut the OS or another app already holds is reported, not fatal.
import type { GlobalShortcut } from 'electron';

export interface ShortcutBinder {
  /** Binds `accelerator` (empty unbinds); returns false when it could not be registered. */
  bind(accelerator: string): boolean;
  dispose(): void;
}

export function createShortcutBinder(
  globalShortcut: Pick<GlobalShortcut, 'register' | 'unregister'>,
  onPress: () => void,
  log: (message: string) => void,
): ShortcutBinder {
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
    dispose() {
      if (registered) globalShortcut.unregister(current);
      registered = false;
      current = '';
    },
  };
}
