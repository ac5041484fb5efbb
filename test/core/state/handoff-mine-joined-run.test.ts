// The hand-off text's lines about me word the same "my now"/"my next" statement `status` (and the tray and popover)
// word: my continuous on-call time across schedules, with its "until at least" where a schedule is unknown, never one
// schedule's block on its own (adv47 r50 #1: "My next block: Berlin primary, … – Wed 09:00" while `status` said
// "Berlin primary, then New York payments Tue 09:00 – Wed 14:00"; a teammate given the chat text thought me free).
import { describe, expect, it } from 'vitest';
import { formatStatus } from '../../../electron/cli/status-format';
import { deriveState } from '../../../electron/core/state/derive';
import { buildHandoffSummary } from '../../../electron/core/state/handoff-summary';
import type { ScheduleSnapshot } from '../../../electron/core/model/snapshot';
import {
  alice,
  bob,
  carol,
  deriveInput,
  details,
  me,
  ms,
  scheduleSnap,
  settingsWith,
  shift,
  snapshotOf,
} from '../support/fixtures';

const FETCHED = '2026-12-01T02:50:00Z';
const read = { detailsFetchedAt: FETCHED, shiftsFetchedAt: FETCHED };
// My Berlin block (Tue 09:00–Wed 09:00 Berlin) overlaps my New York one (Tue 14:00–Wed 14:00 Berlin).
const berlin = scheduleSnap(
  'sch_berlin',
  [
    shift('2026-11-30T08:00:00Z', '2026-12-01T08:00:00Z', alice),
    shift('2026-12-01T08:00:00Z', '2026-12-02T08:00:00Z', me),
    shift('2026-12-02T08:00:00Z', '2026-12-04T08:00:00Z', alice),
  ],
  { details: details('Berlin primary', 'Europe/Berlin', [alice, me]), ...read },
);
const newYork = scheduleSnap(
  'sch_newyork',
  [
    shift('2026-11-30T13:00:00Z', '2026-12-01T13:00:00Z', bob),
    shift('2026-12-01T13:00:00Z', '2026-12-02T13:00:00Z', me),
    shift('2026-12-02T13:00:00Z', '2026-12-04T13:00:00Z', carol),
  ],
  { details: details('New York payments', 'America/New_York', [bob, me, carol]), ...read },
);
const tokyo = scheduleSnap('sch_tokyo', [shift('2026-11-30T01:00:00Z', '2026-12-04T01:00:00Z', carol)], {
  details: details('Tokyo data', 'Asia/Tokyo', [carol, me]),
  ...read,
});
const tokyoUnread = scheduleSnap('sch_tokyo', [], {
  problem: { kind: 'server', message: 'The on-call service had a problem (HTTP 503).', at: FETCHED },
});

function texts(now: string, third: ScheduleSnapshot): { status: string[]; handoff: string[] } {
  const settings = settingsWith({ schedules: [{ id: 'sch_berlin' }, { id: 'sch_newyork' }, { id: 'sch_tokyo' }] });
  // Each read two minutes before now: fresh.
  const at = new Date(ms(now) - 2 * 60_000).toISOString();
  const fresh = (x: ScheduleSnapshot): ScheduleSnapshot =>
    x.shiftsFetchedAt === null ? x : { ...x, detailsFetchedAt: at, shiftsFetchedAt: at };
  const snapshot = snapshotOf([berlin, newYork, third].map(fresh));
  const state = deriveState(deriveInput({ snapshot, nowMs: ms(now), settings }));
  const o = { nowMs: ms(now), localZone: 'Europe/Berlin' };
  return { status: formatStatus(state, o).split('\n'), handoff: buildHandoffSummary(state, o).split('\n') };
}

/** The last Berlin wall time a line names (the UTC and schedule times in parentheses left out). */
const endOf = (line: string | undefined): string | undefined =>
  [...(line ?? '').replace(/\([^)]*\)/g, '').matchAll(/(?:(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) )?\d\d:\d\d/g)].at(-1)?.[0];
const line = (lines: string[], lead: RegExp): string | undefined => lines.find((l) => lead.test(l));

describe('hand-off text: my next and my now are the run every surface states', () => {
  it('says my next block to the end of the overlapping block that carries it on, as status does', () => {
    const { status, handoff } = texts('2026-12-01T02:56:00Z', tokyo);
    expect(line(handoff, /^My next/)).toBe(
      'My next block: Berlin primary, then New York payments, 09:00 Berlin (08:00 UTC) – Wed 14:00 Berlin (13:00 UTC)',
    );
    expect(endOf(line(handoff, /^My next/))).toBe(endOf(line(status, /^Your next/)));
  });

  it('says "until at least" the joined end while a watched schedule is unreadable, as status does', () => {
    const { status, handoff } = texts('2026-12-01T02:56:00Z', tokyoUnread);
    const next = line(handoff, /^My next/);
    expect(next).toContain(
      'Berlin primary, then New York payments, from 09:00 Berlin (08:00 UTC) until at least Wed 14:00 Berlin (13:00 UTC), then unknown',
    );
    expect(endOf(next?.split(', then unknown')[0])).toBe(endOf(line(status, /^Your next/)?.split(', then unknown')[0]));
  });

  it('says I am on call until the joined end when a block starting later carries my time on', () => {
    const { status, handoff } = texts('2026-12-01T10:00:00Z', tokyo);
    expect(line(handoff, /^I'm on call/)).toBe(
      "I'm on call: Berlin primary, then New York payments until Wed 14:00 Berlin (13:00 UTC)",
    );
    expect(endOf(line(handoff, /^I'm on call/))).toBe(endOf(line(status, /^You are on call now/)));
  });

  it('says the joined end is only "at least" while a watched schedule is unreadable there', () => {
    const { handoff } = texts('2026-12-01T10:00:00Z', tokyoUnread);
    expect(line(handoff, /^I'm on call/)).toMatch(
      /^I'm on call: Berlin primary, then New York payments until at least Wed 14:00 Berlin \(13:00 UTC\), then unknown/,
    );
  });
});
