// The popover's problems, each once with its own fix (issue 49, adversarial 5 #2): with several accounts in trouble,
// one line per account ("Side gig: The service rejected the API key." with "Enter new key…", "Acme: Offline · …"
// with Retry), the worst first, never one merged text clamped to two lines whose one button fits only some of them.
// With one account (or one in trouble) it is the one stale line as before.
import type { AppState } from '../../../electron/shared/view-state';
import type { FormatContext } from './format-context';
import { staleLine, type StaleLine } from './glance';
import { WORST_FIRST } from '../../../electron/shared/problem-order';

/** One of several accounts not set up: the problem once, its fix (onboarding on it, as the tray's item) the action,
 *  never Retry (issue 49, adversarial round 7, #2: "Acme: Add your API key to start" with Retry, which can't fix it). */
const setupLine = (a: AppState['accounts'][number]): StaleLine[] =>
  a.sync.kind === 'needs_setup'
    ? [
        {
          tone: 'warning',
          text: `${a.label}: ${a.sync.message}`,
          action: 'setup',
          setup: { account: a.id, name: a.label },
        },
      ]
    : [];

/** The stale line, or one per problem when their fixes differ (a schedule the service doesn't have: Settings; holes:
 *  Retry), each with its own (adv49 r13 #5). */
function linesOf(state: AppState, ctx: FormatContext): StaleLine[] {
  const s = state.sync;
  const parts = s.kind === 'partial' && s.apart ? s.apart : [undefined];
  return parts.flatMap((p) => {
    const line = staleLine(p && s.kind === 'partial' ? { ...state, sync: { ...s, ...p } } : state, ctx);
    return line ? [p ? { ...line, action: p.fix } : line] : [];
  });
}

/** Every problem line, the worst first: one per account in trouble when two or more are, else the one stale line. */
export function staleLines(state: AppState, ctx: FormatContext): StaleLine[] {
  const failing = state.accounts.filter((a) => WORST_FIRST.includes(a.sync.kind));
  const setup = state.accounts.length > 1 ? state.accounts.flatMap(setupLine) : [];
  if (failing.length < 2 && setup.length === 0) return linesOf(state, ctx);
  // The others' problems without the setup one (said by its own line): saved data not refreshed, or each account's.
  const rest = failing.length === 0 ? staleLine({ ...state, sync: { kind: 'ok' } }, ctx) : undefined;
  if (failing.length === 0) return rest ? [rest, ...setup] : setup;
  const rank = (a: AppState['accounts'][number]): number => WORST_FIRST.indexOf(a.sync.kind);
  const lines = failing
    .sort((a, b) => rank(a) - rank(b))
    .flatMap((a) => {
      // That account's own line (its saved data, its fix), named.
      const own = {
        ...state,
        sync: a.sync,
        accounts: [a],
        schedules: state.schedules.filter((s) => s.accountId === a.id),
      };
      return linesOf(own, ctx).map((line) => ({ ...line, text: `${a.label}: ${line.text}` }));
    });
  return [...lines, ...setup];
}
