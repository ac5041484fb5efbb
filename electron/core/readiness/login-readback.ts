// Start at login as the OS took it, not as Settings asks (adv49 r35 F1): the shell learns it only after applying
// the setting (a Linux autostart entry that can't be written, a macOS login item waiting for approval), so the
// engine's check, judged from the setting alone, is corrected here with what the OS said, before anything shows it.
import type { AppState, ReadinessCheck } from '../../shared/view-state';
import { fixLabelOf } from './fix-label';

/** The autostart check when Start at login is on but the OS did not take it: a problem in the OS's words, whose fix
 *  is Settings (Start at login there retries; the words say where macOS asks for approval). */
export function loginProblemCheck(problem: string): ReadinessCheck {
  const check: ReadinessCheck = { id: 'autostart', result: 'problem', message: problem, action: 'settings' };
  const label = fixLabelOf(check);
  return label ? { ...check, label } : check;
}

/** The state with its readiness' autostart check judged from what the OS reported (undefined: it agrees). Only a
 *  check the setting called ok is replaced: "turn on Start at login" already says the one fix there is. */
export function withLoginReadback(state: AppState, problem: string | undefined): AppState {
  const r = state.me.readiness;
  if (!r || problem === undefined) return state;
  const judged = loginProblemCheck(problem);
  const checks = r.checks.map((c) => (c.id === 'autostart' && c.result === 'ok' ? judged : c));
  return { ...state, me: { ...state.me, readiness: { ...r, checks } } };
}
