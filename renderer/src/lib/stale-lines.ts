// The popover's problems, each once with its own fix (issue 49, adversarial 5 #2): with several accounts in trouble,
// one line per account ("Side gig: The service rejected the API key." with "Enter new key…", "Acme: Cannot reach the
// service" with Retry), the worst first, never one merged text clamped to two lines whose one button fits only some
// of them. With one account (or one in trouble) it is the one stale line as before.
import { formatDayTime } from '../../../electron/shared/format';
import { savedDataFrom } from '../../../electron/shared/saved-words';
import { syncFix } from '../../../electron/shared/freshness';
import type { AppState, SyncStatus } from '../../../electron/shared/view-state';
import type { FormatContext } from './format-context';
import { showingSavedData, staleLine, type StaleLine } from './glance';

/** Worst first: a rejected key never heals by itself, then what failed, then being offline, then a part unread. */
const RANK: Record<SyncStatus['kind'], number> = {
  key_rejected: 0,
  error: 1,
  offline: 2,
  partial: 3,
  needs_setup: 4,
  ok: 5,
};

function accountLine(state: AppState, account: AppState['accounts'][number], ctx: FormatContext): StaleLine | [] {
  const sync = account.sync;
  if (sync.kind === 'ok' || sync.kind === 'needs_setup') return [];
  const text = `${account.label}: ${sync.message.replace(/\.$/, '')}`;
  if (sync.kind === 'key_rejected') return { tone: 'error', text, action: 'settings', newKey: { account: account.id } };
  const saved =
    sync.saved === undefined
      ? ''
      : sync.saved === null
        ? ' · nothing saved to show yet'
        : showingSavedData(state)
          ? ` · last updated ${formatDayTime(sync.saved, ctx)}`
          : ` · showing ${savedDataFrom(sync.saved, ctx)}`;
  const own = { ...state, sync, schedules: state.schedules.filter((s) => s.accountId === account.id) };
  return { tone: sync.kind === 'error' ? 'error' : 'warning', text: `${text}${saved}`, action: syncFix(own) };
}

/** Every problem line, the worst first: one per account in trouble when two or more are, else the one stale line. */
export function staleLines(state: AppState, ctx: FormatContext): StaleLine[] {
  const failing = state.accounts.filter((a) => a.sync.kind !== 'ok' && a.sync.kind !== 'needs_setup');
  if (failing.length < 2 || state.sync.kind === 'needs_setup') {
    const one = staleLine(state, ctx);
    return one ? [one] : [];
  }
  return [...failing].sort((a, b) => RANK[a.sync.kind] - RANK[b.sync.kind]).flatMap((a) => accountLine(state, a, ctx));
}
