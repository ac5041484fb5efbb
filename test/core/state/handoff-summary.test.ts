// The hand-off text a user pastes into chat: who is on call per schedule, until when (my zone and UTC), who
// follows, my next block; saved data says from when, and a schedule that couldn't be loaded is unknown.
import { describe, expect, it } from 'vitest';
import { deriveState } from '../../../electron/core/state/derive';
import { buildHandoffSummary } from '../../../electron/core/state/handoff-summary';
import {
  alice,
  bob,
  carol,
  deriveInput,
  details,
  me,
  ms,
  platformMonday,
  scheduleSnap,
  settingsWith,
  shift,
  snapshotOf,
} from '../support/fixtures';

const NOW = '2026-03-02T13:05:00Z'; // 14:05 in Berlin (CET)
const FETCHED = '2026-03-02T13:02:00Z';
const fetched = { detailsFetchedAt: FETCHED, shiftsFetchedAt: FETCHED };

const platform = platformMonday(FETCHED);
const db = scheduleSnap(
  'sch_db',
  [
    shift('2026-03-02T00:00:00Z', '2026-03-03T00:00:00Z', bob, carol),
    shift('2026-03-03T02:00:00Z', '2026-03-04T00:00:00Z', alice),
  ],
  {
    details: details('Database', 'America/New_York', [bob]),
    ...fetched,
    problem: { kind: 'network', message: 'Could not reach the on-call service.', at: NOW },
  },
);
const broken = scheduleSnap('sch_broken', [], {
  problem: { kind: 'server', message: 'The on-call service had a problem (HTTP 503).', at: NOW },
});

function summary(localZone: string, email = me.email): string {
  const settings = settingsWith({
    email,
    schedules: [{ id: 'sch_platform' }, { id: 'sch_db' }, { id: 'sch_broken', name: 'Payments' }],
  });
  const state = deriveState(deriveInput({ snapshot: snapshotOf([platform, db, broken]), nowMs: ms(NOW), settings }));
  return buildHandoffSummary(state, { nowMs: ms(NOW), localZone });
}

describe('hand-off summary', () => {
  it('gives one line per schedule with until/then in my zone and UTC, marks saved data, and my next block', () => {
    expect(summary('Europe/Berlin')).toBe(
      [
        'On call as of 14:05 Berlin (13:05 UTC):',
        'Platform primary: Alice until 17:00 Berlin (16:00 UTC), then Me',
        'Database: Bob, Carol until Tue 01:00 Berlin (00:00 UTC), then Alice from Tue 03:00 Berlin (02:00 UTC) (saved data from 14:02 Berlin (13:02 UTC))',
        "Payments: unknown, couldn't load: The on-call service had a problem (HTTP 503).",
        // An earlier block of mine could hide in Payments: the line says it couldn't be loaded.
        // My block is the last the read has: its end is not a plain end (issue 47, round 1).
        // Payments couldn't load: whether I am on call now is unknown, so the next block is only the next known.
        "Me on call now: unknown (couldn't load Payments)",
        // Nothing of mine before it rests on Database's saved read too (adv47 r48 #1): the block's basis says it.
        "My next known block: Platform primary, from 17:00 Berlin (16:00 UTC) until at least Tue 09:00 Berlin (08:00 UTC), then unknown (saved data from 14:02 Berlin (13:02 UTC)) (couldn't load Payments)",
        '',
      ].join('\n'),
    );
  });

  // Adversarial round (issue 47): the schedule line said "saved data from 14:02" and my block, of the same read,
  // "saved data from 14:02 Berlin (13:02 UTC)": one instant, one wording, for readers in other zones.
  it('words the same saved-data instant the same way on the schedule line and on my lines', () => {
    const settings = settingsWith({ email: me.email, schedules: [{ id: 'sch_platform' }] });
    const saved = {
      ...platform,
      problem: { kind: 'network' as const, message: 'Could not reach the service.', at: NOW },
    };
    const state = deriveState(deriveInput({ snapshot: snapshotOf([saved]), nowMs: ms(NOW), settings }));
    const text = buildHandoffSummary(state, { nowMs: ms(NOW), localZone: 'Europe/Berlin' });
    const wordings = [...text.matchAll(/saved data from ([^)]*\)?)/g)].map((m) => m[1]);
    expect(wordings.length).toBeGreaterThanOrEqual(2);
    expect(new Set(wordings)).toEqual(new Set(['14:02 Berlin (13:02 UTC)']));
  });

  it('never says "nobody" for a schedule that could not be loaded', () => {
    const text = summary('Europe/Berlin');
    const line = text.split('\n').find((l) => l.startsWith('Payments:'));
    expect(line).toMatch(/unknown/);
    expect(line).not.toMatch(/nobody/);
  });

  it('writes UTC once when my zone is UTC', () => {
    expect(summary('UTC').split('\n')[1]).toBe('Platform primary: Alice until 16:00 UTC, then Me');
  });

  it('says my next block is unknown while a schedule could not be loaded and none is known', () => {
    const text = summary('Europe/Berlin', 'nobody-here@example.com');
    expect(text).toContain("My next block: unknown (couldn't load Payments · ");
  });
});
