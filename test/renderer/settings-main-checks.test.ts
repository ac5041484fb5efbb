// Settings' checks are main's alone (issue 49: the renderer holds no second copy of them): the form sends its save to
// the engine's real settings holder, and each bad value comes back in the form's words, beside its own field or
// section, with nothing saved and the input kept; the form itself no longer knows these rules.
import { describe, expect, it } from 'vitest';
import { createSettingsHolder } from '../../electron/core/engine/settings';
import { MemoryFileStore } from '../core/support/memory-file-store';
import type { InvokeChannel, RequestOf } from '../../electron/shared/ipc-contract';
import { checkSettings } from '../../renderer/src/lib/settings-form';
import { loadRunes, rendererFile } from './support/runes';
import { appState } from './support/state';

const runes = await loadRunes<typeof import('../../renderer/src/lib/settings-edit.svelte')>(
  rendererFile('lib/settings-edit.svelte.ts'),
);

function make() {
  const model = runes.box(appState());
  const holder = createSettingsHolder({
    initial: model.value.settings,
    files: new MemoryFileStore(),
    persist: false,
    changed: () => undefined,
  });
  const sent: unknown[] = [];
  // The IPC edge in main: the contract's schema, then the engine's handler.
  const invoke = async <C extends InvokeChannel>(channel: C, request: RequestOf<C>) => {
    if (channel === 'shortcut:status') return { ok: true, value: { problem: null } };
    sent.push(request);
    return holder.update(request as RequestOf<'settings:update'>);
  };
  const clock = { nowMs: Date.parse('2026-05-04T08:00:00Z'), locale: 'en-GB' };
  const { value } = runes.inRoot(
    () => new runes.subject.SettingsEdit(() => model.value, { invoke: invoke as never, clock }),
  );
  return { edit: value, holder, sent };
}

describe("settings: main's checks, in the form's words", () => {
  const cases: [string, (e: ReturnType<typeof make>['edit']) => void, string, string][] = [
    [
      'a horizon over 90',
      (e) => (e.values.horizonDays = '120'),
      'horizonDays',
      'My shifts can look 14 to 90 days ahead.',
    ],
    [
      'a horizon not a number',
      (e) => (e.values.horizonDays = 'abc'),
      'horizonDays',
      'My shifts can look 14 to 90 days ahead.',
    ],
    [
      'a horizon not whole',
      (e) => (e.values.horizonDays = '20.5'),
      'horizonDays',
      'My shifts can look 14 to 90 days ahead.',
    ],
    [
      'a shortcut with an unknown modifier',
      (e) => (e.values.globalShortcut = 'Alt+Hyper+O'),
      'globalShortcut',
      'Use modifiers such as CommandOrControl, Alt, Shift.',
    ],
    [
      'a shortcut with no key',
      (e) => (e.values.globalShortcut = 'Alt+Shift+OO'),
      'globalShortcut',
      'End with one key, e.g. O, F5 or Space.',
    ],
    [
      'quiet hours ending when they start',
      (e) => (e.values.quietHours = { ...e.values.quietHours, enabled: true, start: '07:00', end: '07:00' }),
      'quietHours',
      'Quiet hours must end at another time than they start.',
    ],
    [
      'quiet hours without an end',
      (e) => (e.values.quietHours = { ...e.values.quietHours, enabled: true, end: '' }),
      'quietHours',
      'Quiet hours need a start and an end time, like 22:00 and 07:00.',
    ],
    [
      'a feed port under 1024',
      (e) => (e.values.calendarFeed = { ...e.values.calendarFeed, port: 80 }),
      'calendarFeed',
      'The calendar feed port must be a whole number from 1024 to 65535.',
    ],
  ];
  for (const [name, change, key, message] of cases)
    it(`${name}: refused by main, said beside its field alone, nothing saved, the input kept`, async () => {
      const { edit, holder, sent } = make();
      const before = holder.stored();
      change(edit);
      const typed = JSON.stringify(edit.values);
      // The form's own check lets it through: the rule is main's.
      expect(checkSettings(edit.values, before)).toMatchObject({ ok: true });
      expect(await edit.save()).toBe('invalid');
      expect(sent).toHaveLength(1);
      expect(edit.errors).toEqual({ [key]: message });
      expect(edit.answer).toBeNull();
      expect(holder.stored()).toBe(before);
      expect(JSON.stringify(edit.values)).toBe(typed);
    });

  it('a good save of the same fields goes through', async () => {
    const { edit, holder } = make();
    edit.values.horizonDays = '30';
    edit.values.globalShortcut = 'Alt+Shift+O';
    expect(await edit.save()).toBe('answered');
    expect(edit.errors).toEqual({});
    expect([holder.stored().horizonDays, holder.stored().globalShortcut]).toEqual([30, 'Alt+Shift+O']);
  });
});
