// The words of each readiness check's one fix, worded in main with the check's judgement: the popover's first
// frame (main's prerender, on screen before any script runs) then shows the same button the live line does, and
// nothing under it moves when the page goes live (adv49 r19 #4); the renderer's first load words none of it.
import type { AppState, ReadinessCheck } from '../../shared/view-state';

type Action = NonNullable<ReadinessCheck['action']>;

const LABELS: Record<Exclude<Action, 'settings'>, string> = {
  refresh: 'Refresh this schedule',
  'start-at-login': 'Turn on Start at login',
  'test-notification': 'Send a test notification',
};

/** Settings named for what it fixes, so it never reads as a second "Open settings" beside the stale line's. */
export function fixLabelOf(check: ReadinessCheck): string | undefined {
  if (!check.action) return undefined;
  if (check.action !== 'settings') return LABELS[check.action];
  if (check.id === 'schedule') return 'Remove or replace it in Settings';
  if (check.id === 'autostart') return 'Open Start at login in Settings';
  return check.id === 'key' ? 'Enter a new key' : 'Open reminder settings';
}

/** A fix the readiness line may offer: any problem's (the line says the first one the renderer keeps), or, when the
 *  platform can't tell whether notifications reach the person, a test notification. */
const offered = (c: ReadinessCheck): boolean =>
  c.result === 'problem' || (c.id === 'notifications' && c.result === 'unknown');

/** The state with each readiness check whose fix the line may offer carrying its words, and no other: the popover
 *  offers the first problem's, or else the one labelled. The checks come from several capabilities (the readiness,
 *  the accounts' silence, the alarm, the phone): all labelled here at once. */
export function withFixLabels(state: AppState): AppState {
  const r = state.me.readiness;
  if (!r) return state;
  const checks = r.checks.map((c) => {
    const label = offered(c) ? fixLabelOf(c) : undefined;
    return label ? { ...c, label } : c;
  });
  return { ...state, me: { ...state.me, readiness: { ...r, checks } } };
}
