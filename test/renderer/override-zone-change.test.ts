// The quick override across a change of the computer's zone while the form is open (adv47 round 9, #1): the note
// under the fields named the zone the form opened in (Berlin) while the fields were read, and the preview worded, in
// the new one (Tokyo), so the override was written at a time the form never named. The form keeps its zone for all
// three until it closes, and says the change.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OverrideRequest } from '../../electron/shared/ipc-contract';
import type { AppState } from '../../electron/shared/view-state';
import { loadRunes, rendererFile } from './support/runes';
import { appState, schedule } from './support/state';
import { overrideCheck } from '../../electron/shared/override-check';
import type { OverrideCheckRequest } from '../../electron/shared/override-check-schema';

interface FormModule {
  OverrideForm: new (
    model: () => AppState,
    params: () => Record<string, string>,
  ) => {
    values: { preset: string; startDay: string; startTime: string };
    readonly checked: { ok: true; request: OverrideRequest } | { ok: false };
    readonly zoneNote: string;
    windowText(start: string, end: string): string;
  };
}
const runes = await loadRunes<FormModule>(rendererFile('lib/override-form.svelte.ts'));

const zoneBefore = process.env.TZ;
/** The state main checks the form's values against (override:check answered with main's own rule). */
let state: AppState = appState();
beforeEach(() => {
  process.env.TZ = 'Europe/Berlin';
  const invoke = (channel: string, request: unknown) =>
    Promise.resolve(
      channel === 'override:check'
        ? { ok: true, value: overrideCheck(state, request as OverrideCheckRequest, Date.now()) }
        : { ok: false, error: { kind: 'bridge', message: 'not in this test' } },
    );
  vi.stubGlobal('window', { oncall: { invoke } });
});
afterEach(() => {
  process.env.TZ = zoneBefore;
  vi.unstubAllGlobals();
});

/** 10:00–11:00 Berlin (09:00–10:00Z) two days from now, in winter or summer alike: read from Berlin's own clock. */
function berlinTenOClock(): { start: string; end: string; clock: string } {
  const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const guess = Date.parse(`${day}T09:00:00Z`);
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', hour: '2-digit', hourCycle: 'h23' }).format(guess),
  );
  const startMs = guess - (hour - 10) * 3_600_000;
  return { start: new Date(startMs).toISOString(), end: new Date(startMs + 3_600_000).toISOString(), clock: '10:00' };
}

describe('the computer moves from Berlin to Tokyo while the override form is open', () => {
  it('sends the time the note and the preview name, and says the change', async () => {
    const asked = berlinTenOClock();
    const model = appState({ schedules: [schedule({ id: 'sch_tokyo', timeZone: 'Asia/Tokyo' })] });
    state = model;
    const { value: form, destroy } = runes.inRoot(
      () =>
        new runes.subject.OverrideForm(
          () => model,
          () => ({ scheduleId: 'sch_tokyo', start: asked.start, end: asked.end, who: 'me' }),
        ),
    );
    try {
      expect(form.values.preset).toBe('custom');
      expect(form.values.startTime).toBe(asked.clock);
      expect(form.zoneNote).toBe('Your local time (Berlin).');
      process.env.TZ = 'Asia/Tokyo';
      expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe('Asia/Tokyo');
      // The start typed again, as the user did: the form reads it afresh.
      form.values.startTime = '';
      runes.flushSync();
      form.values.startTime = asked.clock;
      runes.flushSync();
      // Main's check of the typed values comes back.
      await new Promise((resolve) => setTimeout(resolve, 0));
      const checked = form.checked;
      expect(checked.ok).toBe(true);
      if (!checked.ok) return;
      const window = checked.request.window;
      expect(window.kind).toBe('custom');
      if (window.kind !== 'custom') return;
      // What is sent is 10:00 Berlin, the time the fields named.
      expect([Date.parse(window.start), Date.parse(window.end)]).toEqual([
        Date.parse(asked.start),
        Date.parse(asked.end),
      ]);
      // The note names Berlin and says the change; the preview words the window at the same 10:00.
      expect(form.zoneNote).toMatch(/^Berlin time: your computer's time zone changed to Tokyo/);
      expect(form.windowText(window.start, window.end)).toMatch(/^\w{3} 10:00–11:00 /);
    } finally {
      destroy();
    }
  });
});
