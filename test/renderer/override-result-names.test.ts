// One person is shown one way in an override's result and preview: by name when any list the result carries knows
// it (the schedule's people, the people the service read back, those replaced), else by e-mail; never "dan@…
// covers" above "Replaces Dan Brown". Worded by main's module (shared/preview-lines.ts) with the form's namer, then rendered.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { OverridePreview } from '../../electron/shared/action-schemas';
import type { Person } from '../../electron/shared/view-state';
import { previewLines, resultLines } from '../../electron/shared/preview-lines';
import { nameFor } from '../../renderer/src/lib/people';
import { renderToHtml } from './support/ssr';

const RESULT = fileURLToPath(new URL('../../renderer/src/components/OverrideResult.svelte', import.meta.url));
const PREVIEW = fileURLToPath(new URL('../../renderer/src/components/PreviewBox.svelte', import.meta.url));

const carol: Person = { id: 'u_carol', name: 'Carol Lee', email: 'carol@example.com' };
// Dan is not among the schedule's people: only the service's answer (and the preview) know his name.
const dan: Person = { id: 'u_dan', name: 'Dan Brown', email: 'Dan@Example.com' };
/** The override form's namer over the schedule's people (Carol only), with what a result adds. */
const names = (emails: readonly string[], also: readonly Person[] = []) =>
  emails.map((e) => nameFor(e, [carol, ...also], ''));
const preview: OverridePreview = {
  scheduleId: 'sch_platform',
  start: '2026-05-04T08:00:00Z',
  end: '2026-05-04T10:00:00Z',
  covering: ['dan@example.com'],
  replaces: [dan, carol],
  unknownOnCall: false,
  basis: { kind: 'fresh', readAt: '2026-05-04T07:59:00Z' },
};
const created = { id: 'ov_1', scheduleId: 'sch_platform', start: preview.start, end: preview.end, users: [dan] };
const common = {
  scheduleName: 'Platform primary',
  names,
  windowText: () => 'today 10:00 → 12:00',
  time: () => '07:59',
};
/** What main answers (core/engine/preview-words.ts): the preview and the override read back, worded with the namer. */
const asked: OverridePreview = { ...preview, words: previewLines(preview, common) };
const read = { ...created, words: resultLines(created, common) };
const text = (html: string) =>
  html
    .replace(/<!--[^>]*-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe('names in an override result', () => {
  it('names the person covering by the name the service read back, as "Replaces" names people', async () => {
    const html = await renderToHtml(RESULT, {
      outcome: { status: 'created', override: read },
      fetched: read,
      attempted: asked,
      recheck: null,
      oncheck: () => undefined,
      onanother: () => undefined,
    });
    expect(text(html)).toContain('Dan Brown covers Platform primary');
    expect(text(html)).not.toMatch(/dan@example\.com/i);
  });

  it('names the person asked in an unknown outcome and in the preview by name, once known anywhere in it', async () => {
    const unknown = await renderToHtml(RESULT, {
      outcome: { status: 'unknown', message: 'The service did not answer.' },
      fetched: null,
      attempted: asked,
      recheck: null,
      oncheck: () => undefined,
      onanother: () => undefined,
    });
    expect(text(unknown)).toContain('Dan Brown covers Platform primary');
    const box = await renderToHtml(PREVIEW, { preview: { ok: true, value: asked } });
    expect(text(box)).toContain('Dan Brown');
    expect(text(box)).not.toMatch(/dan@example\.com/i);
  });

  it('falls back to the e-mail, everywhere alike, for a person no list names', () => {
    expect(names(['eve@example.com'], [{ id: 'u_eve', name: ' ', email: 'eve@example.com' }])).toEqual([
      'eve@example.com',
    ]);
  });
});
