// The global shortcut recorder's logic: a key press → Electron accelerator ("CommandOrControl+Shift+O"), shown
// the way the keyboard says it ("Ctrl+Shift+O", "Cmd+Shift+O" on macOS), and the combinations that would take
// an everyday key away from every other app.
import { shortcutText } from '../../../electron/shared/shortcut-words';

export { shortcutText };

export interface KeyPress {
  key: string;
  code: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

const MODIFIER_KEYS = new Set(['Control', 'Meta', 'Alt', 'Shift', 'AltGraph', 'OS']);

const PUNCTUATION: Record<string, string> = {
  Minus: '-',
  Equal: '=',
  BracketLeft: '[',
  BracketRight: ']',
  Semicolon: ';',
  Quote: "'",
  Comma: ',',
  Period: '.',
  Slash: '/',
  Backquote: '`',
  Backslash: '\\',
};

/** The accelerator's key name for a KeyboardEvent.code; undefined for keys a shortcut cannot use. */
function keyName(code: string): string | undefined {
  const m = /^Key([A-Z])$|^Digit(\d)$|^Arrow(Up|Down|Left|Right)$/.exec(code);
  if (m) return m[1] ?? m[2] ?? m[3];
  // Named alike in KeyboardEvent.code and in accelerators.
  if (/^(F([1-9]|1\d|2[0-4])|Space|Home|End|PageUp|PageDown|Insert)$/.test(code)) return code;
  return PUNCTUATION[code];
}

export type Recorded =
  | { kind: 'partial'; text: string }
  | { kind: 'shortcut'; accelerator: string }
  | { kind: 'clear' }
  | { kind: 'cancel' }
  | { kind: 'ignore' };

/** What one key press means while recording. */
export function recordKey(e: KeyPress, mac: boolean): Recorded {
  if (e.key === 'Tab') return { kind: 'ignore' };
  const command = mac ? e.metaKey : e.ctrlKey;
  const mods = [
    command ? 'CommandOrControl' : '',
    mac && e.ctrlKey ? 'Control' : '',
    !mac && e.metaKey ? 'Super' : '',
    e.altKey ? 'Alt' : '',
    e.shiftKey ? 'Shift' : '',
  ].filter((m) => m !== '');
  if (MODIFIER_KEYS.has(e.key)) return { kind: 'partial', text: shortcutText(mods.join('+'), mac) + '+…' };
  if (mods.length === 0 && e.key === 'Escape') return { kind: 'cancel' };
  if (mods.length === 0 && (e.key === 'Backspace' || e.key === 'Delete')) return { kind: 'clear' };
  const key = keyName(e.code);
  if (!key) return { kind: 'ignore' };
  return { kind: 'shortcut', accelerator: [...mods, key].join('+') };
}
