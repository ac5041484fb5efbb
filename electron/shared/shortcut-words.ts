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
