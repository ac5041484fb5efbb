// "Am I on call now?" is known only where every schedule my shifts are looked for on was read over now (fresh, or
// saved data said as saved). Where one wasn't (never loaded, its read failed with nothing saved, the read doesn't
// reach now, or the service sent the shifts over now unreadable), "off call" or a plain "next in 12 h" would say I
// am not on call now, which the app doesn't know (issue 47). Every surface asks this one function and words the
// answer: "On call now: unknown for Acme · Platform (couldn't load)", then only "next known: …".
import { withAccount } from './account-names';
import { viewReadingAt } from './basis';
import { hasData } from './freshness';
import type { AppState, ScheduleView } from './view-state';

export interface NowUnknownFor {
  accountId: string;
  scheduleId: string;
  /** As every surface names it: "Acme · Platform" with several accounts. */
  scheduleName: string;
  why: 'loading' | 'failed' | 'hole' | 'not_read';
}

const WHY_TEXT: Record<NowUnknownFor['why'], string> = {
  loading: 'still loading',
  failed: "couldn't load",
  hole: "shifts couldn't be read",
  not_read: 'not read for now',
};

/** Why now is unknown on this schedule, or undefined where its read (fresh or saved) says who is on call now. */
function whyUnknown(s: ScheduleView, nowMs: number): NowUnknownFor['why'] | undefined {
  if (!hasData(s.status)) return s.status.kind === 'loading' ? 'loading' : 'failed';
  const at = viewReadingAt(s.timeline, nowMs);
  if (at.kind !== 'unknown') return undefined;
  return at.why === 'hole' ? 'hole' : 'not_read';
}

/** The schedules whose now is unknown while no known block has me on call now; [] when my now is known (on call by
 *  a read block, or every schedule looked at covers now). Accounts without my e-mail are said apart (no e-mail). */
export function myNowUnknown(state: AppState, nowMs: number): NowUnknownFor[] {
  if (state.me.onCallNow.length > 0) return [];
  const knowsMe = new Set(state.accounts.filter((a) => a.email.trim() !== '').map((a) => a.id as string));
  return state.schedules.flatMap((s) => {
    if (!knowsMe.has(s.accountId)) return [];
    const why = whyUnknown(s, nowMs);
    if (why === undefined) return [];
    return [{ accountId: s.accountId, scheduleId: s.id, scheduleName: withAccount(state, s.accountId, s.name), why }];
  });
}

/** "unknown for Acme · Platform (couldn't load), Work · Payments (shifts couldn't be read)", or undefined when my
 *  now is known. */
export function nowUnknownText(state: AppState, nowMs: number): string | undefined {
  const list = myNowUnknown(state, nowMs);
  if (list.length === 0) return undefined;
  return `unknown for ${list.map((u) => `${u.scheduleName} (${WHY_TEXT[u.why]})`).join(', ')}`;
}
