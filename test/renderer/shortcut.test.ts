import { describe, expect, it } from 'vitest';
import { shortcutConflict } from '../../electron/shared/shortcut-words';
import { recordKey, shortcutText } from '../../renderer/src/lib/shortcut';

const press = (
  key: string,
  code: string,
  mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>> = {},
) => ({
  key,
  code,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

describe('the shortcut recorder', () => {
  it('turns pressed keys into an accelerator, shown as the keyboard says it', () => {
    expect(recordKey(press('O', 'KeyO', { ctrlKey: true, shiftKey: true }), false)).toEqual({
      kind: 'shortcut',
      accelerator: 'CommandOrControl+Shift+O',
    });
    expect(recordKey(press('o', 'KeyO', { metaKey: true, shiftKey: true }), true)).toEqual({
      kind: 'shortcut',
      accelerator: 'CommandOrControl+Shift+O',
    });
    expect(recordKey(press('Control', 'ControlLeft', { ctrlKey: true }), false)).toEqual({
      kind: 'partial',
      text: 'Ctrl+…',
    });
    expect(recordKey(press('Backspace', 'Backspace'), false)).toEqual({ kind: 'clear' });
    expect(recordKey(press('Escape', 'Escape'), false)).toEqual({ kind: 'cancel' });
    expect(recordKey(press('Tab', 'Tab'), false)).toEqual({ kind: 'ignore' });
    expect(shortcutText('CommandOrControl+Shift+O', false)).toBe('Ctrl+Shift+O');
    expect(shortcutText('CommandOrControl+Alt+F5', true)).toBe('Cmd+Option+F5');
  });

  it('explains combinations that would take an everyday key from every app', () => {
    expect(shortcutConflict('CommandOrControl+C', false)).toBe(
      'Ctrl+C is copy in almost every app. Add Shift or Alt, e.g. Ctrl+Shift+C.',
    );
    expect(shortcutConflict('Shift+K', false)).toMatch(/take that key from your typing/);
    expect(shortcutConflict('CommandOrControl+Shift+O', false)).toBeNull();
    expect(shortcutConflict('', false)).toBeNull();
  });
});
