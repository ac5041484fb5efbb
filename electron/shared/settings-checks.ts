// What the settings form may send, checked in main with the words the form shows beside each field: the renderer
// holds no second copy of these rules (it sends the save and shows main's per-field problems). Only the patch is
// held to them: a stored file is read by the plain schemas (settings.ts), so an old value never stops a start.
import { z } from 'zod';
import { text } from './bounded';

const MODIFIER = /^(command|cmd|control|ctrl|commandorcontrol|cmdorctrl|alt|option|altgr|shift|super|meta)$/i;
const KEY =
  /^([a-z0-9]|f([1-9]|1\d|2[0-4])|plus|space|tab|backspace|delete|insert|return|enter|up|down|left|right|home|end|pageup|pagedown|escape|esc|[-=[\];',./`\\])$/i;

/** Electron accelerator syntax: modifiers then one key ("CommandOrControl+Shift+O"); empty turns it off. */
export function shortcutError(value: string): string | undefined {
  const v = value.trim();
  if (v === '') return undefined;
  const parts = v.split('+');
  const key = parts.pop() ?? '';
  if (parts.length === 0) return 'Add at least one modifier, e.g. CommandOrControl+Shift+O.';
  if (parts.some((p) => !MODIFIER.test(p))) return 'Use modifiers such as CommandOrControl, Alt, Shift.';
  if (!KEY.test(key)) return 'End with one key, e.g. O, F5 or Space.';
  return undefined;
}

export const ShortcutPatchSchema = text('Shortcut', 'shortcut').superRefine((value, ctx) => {
  const message = shortcutError(value);
  if (message) ctx.addIssue({ code: 'custom', message });
});

/** "22:00": quiet hours' times. */
export const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
export const QUIET_TIMES_MESSAGE = 'Quiet hours need a start and an end time, like 22:00 and 07:00.';
export const QUIET_SAME_MESSAGE = 'Quiet hours must end at another time than they start.';

/** A whole number in [min, max], or the one message the form shows for anything else. */
export const wholeIn = (min: number, max: number, message: string) =>
  z.number({ error: message }).refine((n) => Number.isInteger(n) && n >= min && n <= max, message);

export const HORIZON_MESSAGE = 'My shifts can look 14 to 90 days ahead.';
export const PORT_MESSAGE = 'The calendar feed port must be a whole number from 1024 to 65535.';
