// Quick override: what the result (and "Check again") says was asked for is the preview of the override sent, never
// the preview of the values before the last change; and a refusal is said only while the values it was about stay. A Create pressed before the new values' preview came back used
// to keep the old window's preview: an unknown outcome was then checked against another window ("not seen"), which
// invites a second override.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OverridePreview, OverrideRequest } from '../../electron/shared/ipc-contract';
import { previewLines } from '../../electron/shared/preview-lines';
import type { AppState } from '../../electron/shared/view-state';
import { loadRunes, rendererFile } from './support/runes';
import { ada, appState } from './support/state';
import { overrideCheck } from '../../electron/shared/override-check';
import type { OverrideCheckRequest } from '../../electron/shared/override-check-schema';

/** What this test reads of the form (its module needs the DOM's types, which the Node tests are not checked with). */
interface FormModule {
  OverrideForm: new (
    model: () => AppState,
    params: () => Record<string, string>,
  ) => {
    values: { preset: string };
    readonly nothingToDo: boolean;
    failureMessage: string;
    edited(): void;
    write: { sentPreview: OverridePreview | null; checkAgain(): Promise<void> };
    submit(): Promise<boolean>;
  };
}
const runes = await loadRunes<FormModule>(rendererFile('lib/override-form.svelte.ts'));

const fresh = { kind: 'fresh' as const, readAt: '2026-05-04T07:58:00Z' };
/** The engine's preview of a request: the rest of Ada's shift, or the next 4 hours from 08:00. */
function previewOf(request: OverrideRequest, over: Partial<OverridePreview> = {}): OverridePreview {
  const restOfShift = request.window.kind === 'rest_of_current';
  return {
    scheduleId: request.scheduleId,
    start: '2026-05-04T08:00:00Z',
    end: restOfShift ? '2026-05-04T15:00:00Z' : '2026-05-04T12:00:00Z',
    covering: ['bob@example.com'],
    replaces: [ada],
    onCallBefore: 1,
    basis: fresh,
    ...over,
  };
}

/** The preview as main answers it: with its words (shared/preview-lines.ts), "nothing to do" among them. */
function worded(request: unknown): OverridePreview {
  const p = preview(request as OverrideRequest);
  const words = previewLines(p, {
    scheduleName: 'Platform',
    names: (e) => [...e],
    windowText: () => '',
    time: () => '',
  });
  return { ...p, words };
}

type Call = { channel: string; request: unknown };
let calls: Call[];
let preview: (request: OverrideRequest) => OverridePreview;
let created: unknown;

beforeEach(() => {
  vi.useFakeTimers();
  calls = [];
  preview = (request) => previewOf(request);
  created = { ok: false, error: { kind: 'outcome_unknown', message: 'The answer was lost.' } };
  const invoke = (channel: string, request: unknown): Promise<unknown> => {
    calls.push({ channel, request });
    // Main reads and checks the form's values with its own rule (shared/override-check.ts).
    if (channel === 'override:check')
      return Promise.resolve({
        ok: true,
        value: overrideCheck(appState(), request as OverrideCheckRequest, Date.now()),
      });
    if (channel === 'override:preview') return Promise.resolve({ ok: true, value: worded(request) });
    if (channel === 'override:candidates') return Promise.resolve({ ok: true, value: [] });
    if (channel === 'override:create') return Promise.resolve(created);
    if (channel === 'override:recheck') return Promise.resolve({ ok: true, value: null });
    return Promise.resolve({ ok: false, error: { kind: 'bridge', message: 'not in this test' } });
  };
  vi.stubGlobal('window', { oncall: { invoke } });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function openForm() {
  const model = appState();
  return runes.inRoot(
    () =>
      new runes.subject.OverrideForm(
        () => model,
        () => ({}),
      ),
  );
}

describe('Create pressed before the preview of the changed window came back', () => {
  it('shows and checks again the window that was sent, not the one previewed before the change', async () => {
    const { value: form, destroy } = openForm();
    try {
      await vi.advanceTimersByTimeAsync(200);
      expect(form.nothingToDo).toBe(false);
      form.values.preset = 'next_4';
      runes.flushSync();
      // Create at once: the next 4 hours' preview has not been asked for yet.
      await form.submit();
      expect([form.write.sentPreview?.start, form.write.sentPreview?.end]).toEqual([
        '2026-05-04T08:00:00Z',
        '2026-05-04T12:00:00Z',
      ]);
      await form.write.checkAgain();
      const recheck = calls.find((c) => c.channel === 'override:recheck')?.request;
      expect(recheck).toMatchObject({ start: '2026-05-04T08:00:00Z', end: '2026-05-04T12:00:00Z' });
    } finally {
      destroy();
    }
  });

  it('does not hold Create back because the values before the change had nothing to do', async () => {
    // The rest of Ada's shift: Bob is already on call for all of it (as the engine says); the next 4 hours he is not.
    preview = (request) =>
      request.window.kind === 'rest_of_current'
        ? previewOf(request, { replaces: [], alreadyOnCall: true })
        : previewOf(request);
    const { value: form, destroy } = openForm();
    try {
      await vi.advanceTimersByTimeAsync(200);
      expect(form.nothingToDo).toBe(true);
      form.values.preset = 'next_4';
      runes.flushSync();
      expect(form.nothingToDo).toBe(false);
      await form.submit();
      expect(calls.filter((c) => c.channel === 'override:create')).toHaveLength(1);
    } finally {
      destroy();
    }
  });
});

describe('what the service refused', () => {
  it('is no longer said once the values it was about are changed', async () => {
    created = { ok: false, error: { kind: 'rejected', message: 'Bob Stone is not on this schedule.' } };
    const { value: form, destroy } = openForm();
    try {
      await vi.advanceTimersByTimeAsync(200);
      expect(await form.submit()).toBe(true);
      expect(form.failureMessage).toBe('Bob Stone is not on this schedule.');
      // Another window chosen (the view calls edited on every change).
      form.values.preset = 'next_4';
      form.edited();
      expect(form.failureMessage).toBe('');
    } finally {
      destroy();
    }
  });
});
