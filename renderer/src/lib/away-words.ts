// The I'm away form's row heads ("Work · Platform primary" and "Sun 17:35 – Tue 13:35 (11:35 – 07:35 New York)"),
// worded here and not in AwayRows.svelte's markup so the text registry reads them as the form shows them (adv47 r23
// #5): the account named while there are several, the window local plus the schedule's own time where it differs.
import { withAccount } from '../../../electron/shared/accounts';
import { formatWindow } from '../../../electron/shared/format';
import type { HandoffRow } from '../../../electron/shared/handoff';
import type { AppState } from '../../../electron/shared/view-state';
import type { FormatContext } from './format-context';

export interface AwayRowHead {
  name: string;
  window: string;
}

type Row = Pick<HandoffRow, 'accountId' | 'scheduleName' | 'start' | 'end' | 'timeZone'>;

export function awayRowHead(state: Pick<AppState, 'accounts'>, r: Row, ctx: FormatContext): AwayRowHead {
  return {
    name: withAccount(state, r.accountId, r.scheduleName),
    window: formatWindow(r.start, r.end, { ...ctx, ...(r.timeZone ? { scheduleZone: r.timeZone } : {}) }),
  };
}
