import { describe, expect, it } from 'vitest';
import { createShortcutBinder } from '../../electron/adapters/shortcut';

function fakeGlobalShortcut(taken: readonly string[]) {
  const held = new Map<string, () => void>();
  return {
    held,
    register(accelerator: string, cb: () => void): boolean {
      if (accelerator === 'Nonsense+') throw new Error('invalid accelerator');
      if (taken.includes(accelerator)) return false;
      held.set(accelerator, cb);
      return true;
    },
    unregister: (accelerator: string) => void held.delete(accelerator),
  };
}

describe('global shortcut', () => {
  it('reports a shortcut another app holds as a problem for the user, and clears it once a free one is chosen', () => {
    const gs = fakeGlobalShortcut(['Alt+Shift+O']);
    const logged: string[] = [];
    const binder = createShortcutBinder(
      gs,
      () => undefined,
      (m) => logged.push(m),
    );
    expect(binder.bind('Alt+Shift+O')).toBe(false);
    expect(binder.problem()).toMatch(/^Shortcut Alt\+Shift\+O is unavailable/);
    expect(logged).toHaveLength(1);
    expect(binder.bind('Alt+Shift+P')).toBe(true);
    expect(binder.problem()).toBeUndefined();
    expect([...gs.held.keys()]).toEqual(['Alt+Shift+P']);
  });

  it('treats an unparsable accelerator as unavailable, and an empty one as off (no problem)', () => {
    const gs = fakeGlobalShortcut([]);
    const binder = createShortcutBinder(
      gs,
      () => undefined,
      () => undefined,
    );
    expect(binder.bind('Nonsense+')).toBe(false);
    expect(binder.problem()).toContain('Nonsense+');
    expect(binder.bind('')).toBe(true);
    expect(binder.problem()).toBeUndefined();
  });
});
