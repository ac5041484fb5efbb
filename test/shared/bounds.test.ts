// Every string and every list the app accepts from a window (the IPC contract's requests, and the settings that
// settings:update and settings.json carry) has a size limit. Walks the schemas, so a field added without a bound
// fails here.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { invokeChannels, pushEvents } from '../../electron/shared/ipc-contract';
import { SettingsPatchSchema, SettingsSchema } from '../../electron/shared/settings';
import { boundsOf } from './support/schema-bounds';

const unbounded = (schema: z.core.$ZodType) =>
  boundsOf(schema)
    .filter((b) => b.max === undefined)
    .map((b) => `${b.kind} ${b.path || '(top)'}`);

describe('size limits on everything a window may send', () => {
  it('finds an unbounded string or list when there is one (self-check of the walker)', () => {
    const sample = z.object({
      a: z.string(),
      b: z.array(z.string().max(3)).optional(),
      c: z.union([z.literal(''), z.string().regex(/x/)]),
      d: z.record(z.string().max(2), z.string()),
      e: z.string().max(9).nullable().default(null),
    });
    expect(unbounded(sample)).toEqual(['string a', 'list b', 'string c', 'string d.*']);
    expect(() => boundsOf(z.object({ t: z.tuple([z.string()]) }))).toThrow(/not known/);
  });

  it.each(Object.entries(invokeChannels))('%s: every string and list in its request is bounded', (_, channel) => {
    expect(unbounded(channel.request)).toEqual([]);
  });

  it('navigate (main to window) is bounded like window:open', () => {
    expect(unbounded(pushEvents.navigate)).toEqual([]);
  });

  it('every setting, as stored in settings.json and as patched from the form, is bounded', () => {
    expect(unbounded(SettingsSchema)).toEqual([]);
    expect(unbounded(SettingsPatchSchema)).toEqual([]);
  });
});
