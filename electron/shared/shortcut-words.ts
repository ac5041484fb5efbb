// A shortcut as the keyboard says it, for every surface that names one: Settings' recorder (the renderer) and the
// tray's "Shortcut … is unavailable" (main), so the two never word the same keys differently (adv49 r20: the tray
// said Electron's "CommandOrControl+Shift+O" where Settings said "Ctrl+Shift+O").

/** "CommandOrControl+Shift+O" → "Ctrl+Shift+O" (or "Cmd+Shift+O" on macOS). */
export function shortcutText(accelerator: string, mac: boolean): string {
  if (accelerator === '') return '';
  return accelerator
    .split('+')
    .map((part) => {
      const p = part.toLowerCase();
      if (p === 'commandorcontrol' || p === 'cmdorctrl') return mac ? 'Cmd' : 'Ctrl';
      if (p === 'command' || p === 'cmd') return 'Cmd';
      if (p === 'control' || p === 'ctrl') return 'Ctrl';
      if (p === 'option' || p === 'alt') return mac ? 'Option' : 'Alt';
      if (p === 'super' || p === 'meta') return mac ? 'Cmd' : 'Super';
      if (p === 'shift') return 'Shift';
      return part.length === 1 ? part.toUpperCase() : part;
    })
    .join('+');
}

const EVERYDAY: Record<string, string> = {
  A: 'select all',
  C: 'copy',
  V: 'paste',
  X: 'cut',
  Z: 'undo',
  Y: 'redo',
  S: 'save',
  P: 'print',
  F: 'find',
  N: 'new',
  T: 'new tab',
  W: 'close',
  Q: 'quit',
  R: 'reload',
  O: 'open',
  L: 'the address bar',
  Tab: 'switching',
};

/** Why this shortcut is a poor global one (it would take a key from every app), or null when it is fine. Worded by
 *  main for Settings' recorder and its save (shortcut:status), so the page carries no copy (issue 49). */
export function shortcutConflict(accelerator: string, mac: boolean): string | null {
  if (accelerator === '') return null;
  const parts = accelerator.split('+');
  const key = parts.pop() ?? '';
  const mods = new Set(parts.map((p) => p.toLowerCase()));
  const text = shortcutText(accelerator, mac);
  if (mods.size === 0) return `${text} alone would stop that key from working anywhere else. Add Ctrl or Alt.`;
  if (!mods.has('commandorcontrol') && !mods.has('alt') && !mods.has('super') && !mods.has('control')) {
    return `${text} would take that key from your typing in every app. Add Ctrl or Alt.`;
  }
  const plainCommand = mods.size === 1 && (mods.has('commandorcontrol') || mods.has('control'));
  const everyday = EVERYDAY[key];
  if (plainCommand && everyday)
    return `${text} is ${everyday} in almost every app. Add Shift or Alt, e.g. ${shortcutText(`CommandOrControl+Shift+${key}`, mac)}.`;
  if (mods.size === 1 && mods.has('alt') && key.startsWith('F'))
    return `${text} is a window-manager shortcut on many systems. Try another.`;
  return null;
}

/** shortcut:status's answer: why the OS refused the saved shortcut, and (when one is named) the clash of the one
 *  being recorded. */
export function shortcutStatus(
  problem: string | undefined,
  asked: { accelerator: string } | null,
  mac: boolean,
): { problem: string | null; conflict?: string | null } {
  return { problem: problem ?? null, ...(asked ? { conflict: shortcutConflict(asked.accelerator.trim(), mac) } : {}) };
}
