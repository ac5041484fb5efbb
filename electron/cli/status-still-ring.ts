// `status` says a phone alert that must not ring and may still, as the running app does ("Your phone may still ring
// at 09:03 for the Ops shift you no longer have (cancelling it hasn't gone through: …)", issue 50). The app keeps it
// in escalations.json while the cancel hasn't gone through; it is read back here by the app's own checks
// (record-store.ts) and goes once the cancel lands (the app removes it) or an hour after its time.
import { alarmKnowledgeOf } from '../core/alarm/cli-ack';
import { loadEscalations } from '../core/escalation/record-store';
import type { FileStore } from '../core/ports';
import type { RecordSigner } from '../core/storage/record-key';
import type { StillRing } from '../shared/phone-intent';
import type { AppState } from '../shared/view-state';

/** The state with the record's "may still ring" entries in its phone status, and what the read said as notices. */
export async function withStillRing(
  state: AppState,
  files: FileStore,
  nowMs: number,
  /** The app's record key as kept (never made here): with it, an entry without the app's MAC is dropped and said. */
  signer?: RecordSigner,
): Promise<AppState> {
  const said: AppState['notices'] = [];
  const known = await alarmKnowledgeOf(files, nowMs).catch(() => undefined);
  const record = await loadEscalations(files, nowMs, (n) => void said.push(n), known, undefined, signer);
  const still: StillRing[] = Object.entries(record.stillRing ?? {})
    .sort(([, a], [, b]) => a.atMs - b.atMs)
    .map(([key, e]) => ({
      key,
      at: new Date(e.atMs).toISOString(),
      scheduleName: e.scheduleName ?? '',
      ...(e.accountName ? { accountName: e.accountName } : {}),
      ...(e.scheduleZone ? { scheduleZone: e.scheduleZone } : {}),
      why: e.why === 'not-mine' && stillMine(state, key) ? 'silenced' : e.why,
      error: e.error,
      passed: e.atMs <= nowMs,
    }));
  const notices = [...state.notices, ...said.filter((n) => !state.notices.some((m) => m.id === n.id))];
  if (still.length === 0 || !state.phone) return { ...state, notices };
  return { ...state, notices, phone: { ...state.phone, stillRing: still } };
}

/** A booking no target wants whose shift is still mine is unwanted because its reminders are muted or paused (the
 *  app's rule, alarm-parts.ts). */
function stillMine(state: AppState, key: string): boolean {
  const [, scheduleId, start] = /:([^:]+):(\d{4}-\d\d-\d\dT[\d:.]+Z)$/.exec(key) ?? [];
  const atMs = Date.parse(start ?? '');
  return state.me.shifts.some(
    (s) => s.scheduleId === scheduleId && Date.parse(s.start) <= atMs && atMs < Date.parse(s.end),
  );
}
