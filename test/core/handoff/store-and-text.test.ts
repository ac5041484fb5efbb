// Issue 37: the hand-off kept on disk is read back only when valid (a damaged file is kept aside, reported, and
// nothing of it is sent); the one-line outcome says only what each item's state says; the ask-for-cover message
// names schedule and account, the window in my zone and the schedule's, the reason and the top-ranked people.
import { describe, expect, it } from 'vitest';
import { createHandoff } from '../../../electron/core/handoff/controller';
import { askCoverText } from '../../../electron/core/handoff/ask-cover';
import { HANDOFF_FILE } from '../../../electron/core/handoff/store';
import type { HandoffItem } from '../../../electron/shared/handoff';
import { handoffSummary } from '../../../electron/shared/handoff-text';
import { MemoryFileStore } from '../support/memory-file-store';
import { FakeClock } from '../support/fake-clock';
import { modelHeld } from './support/model-held';
import { accountIdOf } from '../../../electron/shared/accounts';

const item = (state: HandoffItem['state'], message = ''): HandoffItem => ({
  id: `sch_a|${state}`,
  accountId: accountIdOf('main'),
  scheduleId: 'sch_a',
  scheduleName: 'Platform',
  timeZone: 'Europe/Berlin',
  start: '2026-03-06T08:00:00Z',
  end: '2026-03-06T16:00:00Z',
  email: 'bob@example.com',
  others: [],
  name: 'Bob',
  state,
  message,
});

describe('the hand-off on disk', () => {
  it('a damaged file is backed up and reported, and nothing of it is sent or looked for', async () => {
    const files = new MemoryFileStore();
    const run = { version: 1, id: 'r', createdAt: '2026-03-04T12:00:00Z', items: [item('pending')] };
    // A valid run with one field broken: it must not be half-replayed.
    await files.writeAtomic(HANDOFF_FILE, JSON.stringify({ ...run, items: [{ ...item('pending'), state: 'maybe' }] }));
    const sent: unknown[] = [];
    const handoff = createHandoff({
      clock: new FakeClock(Date.parse('2026-03-04T12:00:00Z')),
      files,
      state: () => {
        throw new Error('not asked');
      },
      planFor: () => ({ from: '', to: '', rows: [], excluded: [] }),
      create: async (r) => (sent.push(r), { ok: false, error: { kind: 'internal', message: 'no' } }),
      look: async () => (sent.push('look'), undefined),
      held: modelHeld(),
    });
    await handoff.start();
    await handoff.idle();
    expect(sent).toEqual([]);
    expect(handoff.status().run).toBeNull();
    expect(handoff.status().notice).toMatch(/damaged, so nothing of it was sent again\. It was kept as /);
    expect(await files.read(HANDOFF_FILE)).toBeUndefined();
  });
});

describe('the outcome line', () => {
  it('counts only what each state says, with the service’s own words for a refusal', () => {
    // The refusal's own words come as a value with the message (ActionError `told`), never cut from it.
    const told = 'Person 1 (bob@example.com): no user has the e-mail bob@example.com.';
    const refused = { ...item('refused', `The service refused the override. ${told}`), refusal: told };
    const run = {
      items: [item('handed_off'), item('handed_off'), item('handed_off'), item('handed_off'), item('unknown')],
    };
    expect(handoffSummary(run)).toBe('4 of 5 handed off · 1 outcome unknown (checking…)');
    expect(handoffSummary({ items: [...run.items.slice(0, 4), refused] })).toBe(
      '4 of 5 handed off · 1 refused: Person 1 (bob@example.com): no user has the e-mail bob@example.com.',
    );
    expect(handoffSummary({ items: [item('not_landed'), item('sending')] })).toBe(
      '0 of 2 handed off · 1 being sent · 1 did not land',
    );
  });
});

describe('ask for cover', () => {
  it('names schedule and account, my window and the schedule’s, the reason and the top-ranked people', () => {
    const text = askCoverText(
      [
        {
          accountLabel: 'Acme',
          scheduleName: 'Payments US',
          timeZone: 'America/New_York',
          start: '2026-03-06T14:00:00Z',
          end: '2026-03-06T22:00:00Z',
          people: ['Erin Walsh', 'Frank Ortiz'],
        },
        {
          accountLabel: 'Work',
          scheduleName: 'Platform primary',
          timeZone: 'Europe/Berlin',
          start: '2026-03-07T08:00:00Z',
          end: '2026-03-08T08:00:00Z',
          people: ['Bob Stone', 'Erin Walsh', 'Carol Lee'],
        },
      ],
      'At a conference',
      'Europe/Berlin',
    );
    expect(text).toBe(
      [
        'Could someone cover these on-call shifts for me?',
        '• Acme · Payments US: Fri 6 Mar 15:00–23:00 Berlin time (Fri 6 Mar 09:00–17:00 New York time), 8 h',
        '• Work · Platform primary: Sat 7 Mar 09:00 – Sun 8 Mar 09:00 Berlin time, 1 d',
        'Reason: At a conference',
        'Free then, as far as I can see: Erin Walsh, Frank Ortiz, Bob Stone',
        'Reply here and I’ll set up the override.',
      ].join('\n'),
    );
  });

  it('says the schedule’s zone is unknown rather than guessing it', () => {
    const text = askCoverText(
      [
        {
          accountLabel: '',
          scheduleName: 'Ops',
          timeZone: null,
          start: '2026-03-06T08:00:00Z',
          end: '2026-03-06T10:00:00Z',
          people: [],
        },
      ],
      '',
      'Europe/Berlin',
    );
    expect(text).toBe(
      [
        'Could someone cover this on-call shift for me?',
        '• Ops: Fri 6 Mar 09:00–11:00 Berlin time (the schedule’s zone is unknown), 2 h',
        'Reply here and I’ll set up the override.',
      ].join('\n'),
    );
  });
});
