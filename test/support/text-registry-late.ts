// The registry's late-landing and key texts (issue 47's registry, after fix48note and fix48twokeys): for my first
// block and a teammate on its schedule, what is said when an earlier own write over it may still be applied (the
// note beside a write answered in place, in a swap and an away hand-off, and its "· N changed since landing" count),
// Hand back's answer while my take-over may still land, its late landing told after the ask, and a swap refused for
// rights naming the key (or each key) refused, each worded by its own maker from a snapshot built from the state.
import { details, scheduleSnap, snapshotOf, user } from '../core/support/fixtures';
import { earlierNoteText, nothingToHandBackText } from '../../electron/core/actions/late-watch';
import { keyNameOf, noneAllowedSentence, refusedSentence } from '../../electron/core/actions/refused-key';
import { lateLandingText } from '../../electron/core/engine/late-own-teller';
import { swapText, teammateName } from '../../electron/core/handoff/swap';
import type { CreatedOverride } from '../../electron/core/model/snapshot';
import { formatWindow } from '../../electron/shared/format';
import type { HandoffItem, SwapSide } from '../../electron/shared/handoff';
import { handoffSaid } from '../../electron/shared/handoff-text';
import type { AppState } from '../../electron/shared/view-state';
import type { HandoffAnswer } from './text-registry-handoff';

const MINUTE = 60_000;

/** The state's schedules as the engine's snapshot holds them (their people and zone: all the makers read). */
function snapshotOfState(state: AppState) {
  return snapshotOf(
    state.schedules.map((s) =>
      scheduleSnap(s.id, [], {
        details: details(
          s.name,
          s.timeZone ?? 'UTC',
          s.users.map((u) => user(u.name, u.email)),
        ),
      }),
    ),
  );
}

/** The keys refused as the engine names them: each account's label, else the only key's own sentence. */
function refusals(state: AppState): string[] {
  const keys = state.accounts.map((a) => keyNameOf(a.label));
  if (keys.length < 2) return [refusedSentence(undefined)];
  return [refusedSentence(keys[1]), noneAllowedSentence(keys)];
}

export function lateAnswers(state: AppState, nowMs: number, localZone: string): HandoffAnswer[] {
  const mine = state.me.shifts[0];
  const me = (mine && state.settings.accounts.find((a) => a.id === mine.accountId)?.email) ?? '';
  const schedule = mine && state.schedules.find((s) => s.id === mine.scheduleId);
  const mate = schedule?.users.find((u) => u.email.toLowerCase() !== me.toLowerCase());
  if (!mine || !schedule || !mate) return [];
  const snap = snapshotOfState(state);
  const at = { nowMs, localZone, me };
  const write = (covering: string, minutesAgo: number): CreatedOverride => ({
    id: '',
    scheduleId: mine.scheduleId,
    start: mine.start,
    end: mine.end,
    createdAt: new Date(nowMs - minutesAgo * MINUTE).toISOString(),
    covering: [covering.toLowerCase()],
    mayLand: true,
  });
  const take = { ...write(me, 5), kind: 'take-over' as const };
  const note = earlierNoteText(snap, [write(mate.email, 5)], at) ?? '';
  const name = teammateName(state, mine.scheduleId, mate.email);
  const deps = { nowMs: () => nowMs, localZone: () => localZone, state: () => state };
  const lengthMs = Date.parse(mine.end) - Date.parse(mine.start);
  const theirEnd = new Date(Date.parse(mine.end) + lengthMs).toISOString();
  const side = (start: string, end: string, email: string, s: Partial<SwapSide>): SwapSide => ({
    scheduleId: mine.scheduleId,
    start,
    end,
    email,
    others: [],
    state: 'handed_off',
    message: '',
    ...s,
  });
  const earlier = { state: 'handed_off' as const, outcome: 'earlier-may-apply' as const, message: note };
  const m = side(mine.start, mine.end, mate.email, earlier);
  const swaps = [
    { kind: 'swap earlier/handed_off', text: swapText(deps, name, m, side(mine.end, theirEnd, me, {})) },
    { kind: 'swap earlier/earlier', text: swapText(deps, name, m, side(mine.end, theirEnd, me, earlier)) },
    ...refusals(state).map((message, i) => ({
      kind: `swap refused key ${i}`,
      text: swapText(deps, name, side(mine.start, mine.end, mate.email, { state: 'refused', message }), m),
    })),
  ];
  const item = (outcome: HandoffItem['outcome'], message: string): HandoffItem => ({
    id: `away-${outcome ?? ''}`,
    accountId: mine.accountId,
    scheduleId: mine.scheduleId,
    scheduleName: schedule.name,
    timeZone: schedule.timeZone,
    start: mine.start,
    end: mine.end,
    email: mate.email,
    others: [],
    name: mate.name,
    state: 'handed_off',
    message,
    outcome,
  });
  const items = [
    item('earlier-may-apply', note),
    item('landed-then-changed', 'Changed since it landed: you cover it.'),
  ];
  const said = handoffSaid({ items });
  // The away outcome as components/AwayOutcome.svelte shows it: the count, then each row's window and outcome.
  const zone = schedule.timeZone ? { scheduleZone: schedule.timeZone } : {};
  const rows = items.map(
    (i) => `${i.scheduleName} · ${formatWindow(i.start, i.end, { nowMs, localZone, ...zone })}: ${said.items[i.id]}`,
  );
  return [
    ...swaps,
    { kind: 'away earlier', text: [said.summary, ...rows].join('\n') },
    { kind: 'hand back while take-over may land', text: nothingToHandBackText(snap, [take], at) },
    { kind: 'take-over landed late', text: lateLandingText(snap, { write: take }, at) },
  ].map((x) => ({ ...x, accountId: mine.accountId }));
}
