// The registry's texts of my on-call load ("This month: …"), as the popover and `status` word it: apart from
// text-registry.ts, since it picks each account's part out of the whole surfaces' lines.
import { popoverLoadLine } from '../../renderer/src/lib/load-words';
import type { Said } from './text-registry-said';
import type { WholeInput, WholeSurfaces } from './text-registry-whole';

/** My on-call load, each account's as the popover (`ScheduleCards.svelte`) and `status` word it: a count over saved
 *  data says so (issue 47, round 2). */
export function loadTexts(input: WholeInput, whole: WholeSurfaces): Said[] {
  const { state, nowMs, localZone } = input;
  const load = state.me.load;
  if (!load) return [];
  const accounts = load.byAccount ?? [{ ...load, accountId: state.accounts[0]?.id ?? null, label: '' }];
  return accounts.flatMap((a) => {
    const p = a.thisMonth;
    if (!p) return [];
    const line = popoverLoadLine(state, { nowMs, locale: 'en-GB', localZone }) ?? '';
    const parts = line
      .replace(/^This month: /, '')
      .replace(/ — each service counted apart$/, '')
      .split('; ');
    const popover = a.label === '' ? line : (parts.find((x) => x.startsWith(`${a.label} `)) ?? '');
    const status = whole.status
      .split('\n')
      .find((l) => l.startsWith(` ${a.label === '' ? '' : `${a.label} `}this month`));
    const base = { accountId: a.accountId, basis: p.basis, kind: 'load' };
    return [
      { ...base, surface: 'popover' as const, text: popover },
      ...(status === undefined ? [] : [{ ...base, surface: 'status' as const, text: status }]),
    ];
  });
}
