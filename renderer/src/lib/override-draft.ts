// An override form closed with unsaved changes (Esc, or the window's ×) keeps its draft here, so reopening the
// quick override window brings it back. Kept in the window's localStorage (the action window is recreated on each
// open) for a few hours only: an old draft would be a surprise rather than a help.
import type { OverrideFormValues } from './override-values';

const KEY = 'oncall:override-draft';
const KEEP_MS = 8 * 3_600_000;

interface Stored {
  savedAt: number;
  /** The route the draft was made for: a draft for another request's shift is not restored there. */
  for: string;
  values: OverrideFormValues;
}

export function saveDraft(values: OverrideFormValues, route: string, nowMs = Date.now()): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ savedAt: nowMs, for: route, values } satisfies Stored));
  } catch {
    // No storage (private mode, quota): the draft is lost, as before.
  }
}

export function takeDraft(route: string, nowMs = Date.now()): OverrideFormValues | undefined {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return undefined;
    const stored = JSON.parse(raw) as Partial<Stored>;
    if (typeof stored.savedAt !== 'number' || nowMs - stored.savedAt > KEEP_MS || stored.for !== route)
      return undefined;
    const v = stored.values;
    if (!v || typeof v !== 'object' || !Array.isArray(v.people) || typeof v.scheduleId !== 'string') return undefined;
    return v;
  } catch {
    return undefined;
  }
}

export function clearDraft(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
}
