// Readiness across accounts is about the next start of my on-call time over all of them. Each account's own state
// judges its own next start, but another account's block can carry my time on past it (adv49 round 12, #1: on call on
// Acme now, Work's 12 h block starting while it runs; Acme's own next start at 18:49 lay inside that time, the real
// next start was Acme's Mon 06:49, and no account's readiness was about it, so "Not ready …" was said nowhere).
// Here each account with a block at that start has its readiness moved on to it, before the combined one is chosen.
import { nextStartShift } from '../../shared/on-call-run';
import { serviceSettings, type Account, type Settings } from '../../shared/settings';
import type { AppState, MyShift } from '../../shared/view-state';
import { readinessForShift } from './readiness';

interface Pair {
  account: Account;
  state: AppState;
}

/** The next start of my on-call time over every account's blocks (as combined: sorted by start, then account order). */
function nextStartAcross(pairs: readonly Pair[]): MyShift | null {
  const mes = pairs.map((p) => p.state.me);
  const shifts = mes
    .flatMap((m, order) => m.shifts.map((shift) => ({ shift, order, startMs: Date.parse(shift.start) })))
    .sort((a, b) => a.startMs - b.startMs || a.order - b.order)
    .map((x) => x.shift);
  const nexts = mes.flatMap((m) => (m.nextShift ? [m.nextShift] : []));
  const nextShift = nexts.sort((a, b) => Date.parse(a.start) - Date.parse(b.start))[0] ?? null;
  return nextStartShift({ onCallNow: mes.flatMap((m) => m.onCallNow), shifts, nextShift });
}

/** Each account's state with its readiness about the next start of my on-call time over all accounts, where the
 *  account has a block starting then and its own readiness was about an earlier start of its own. */
export function readinessAtRunStart<P extends Pair>(pairs: readonly P[], settings: Settings): P[] {
  const start = nextStartAcross(pairs);
  if (!start) return [...pairs];
  const startMs = Date.parse(start.start);
  return pairs.map((p) => {
    const r = p.state.me.readiness;
    if (!r || Date.parse(r.shift.start) >= startMs) return p;
    const own = p.state.me.shifts.find((s) => Date.parse(s.start) === startMs);
    if (!own) return p;
    const moved = readinessForShift(r, { state: p.state, settings: serviceSettings(settings, p.account) }, own);
    return { ...p, state: { ...p.state, me: { ...p.state.me, readiness: moved } } };
  });
}
