import { describe, expect, it } from 'vitest';
import {
  cardLines,
  chips,
  coverageBadge,
  coverageNote,
  freshnessText,
  myStateLine,
  needsOnboarding,
} from '../../renderer/src/lib/status-model';
import { staleLine } from '../../renderer/src/lib/glance';
import { accountView, ada, appState, schedule, mainSettings } from './support/state';
import { accountIdOf } from '../../electron/shared/accounts';
import { withAsksWords } from '../../electron/core/state/asks-words';
import { errorSync, needsSetup, partialSync } from '../support/sync-status';

const ctx = { nowMs: Date.parse('2026-05-04T08:00:00Z'), locale: 'en-GB', localZone: 'Europe/Berlin' };

describe('my state at the top of the popover', () => {
  it('says I am on call with the time left and until when', () => {
    const state = appState({
      me: {
        onCallNow: [
          {
            accountId: 'main',
            scheduleId: 'sch_platform',
            scheduleName: 'Platform primary',
            start: '2026-05-04T07:00:00Z',
            end: '2026-05-04T15:00:00Z',
            endBasis: { kind: 'fresh' as const, readAt: null },
            basis: { kind: 'fresh' as const, readAt: null },
          },
        ],
        nextShift: null,
      },
    });
    expect(myStateLine(state, ctx)).toEqual({
      tone: 'oncall',
      title: 'On call until 17:00',
      detail: 'Platform primary · 09:00–17:00 · 7 h left',
    });
  });

  it('counts down to my next shift, marked soon within a day', () => {
    const nextShift = {
      accountId: 'main',
      scheduleId: 'sch_platform',
      scheduleName: 'Platform primary',
      start: '2026-05-04T10:15:00Z',
      end: '2026-05-04T18:00:00Z',
      endBasis: { kind: 'fresh' as const, readAt: null },
      basis: { kind: 'fresh' as const, readAt: null },
    };
    const line = myStateLine(appState({ me: { onCallNow: [], nextShift } }), ctx);
    // The main line says when it starts and how soon, never "On call …" before I am; the detail, the whole block.
    expect(line).toEqual({
      tone: 'soon',
      title: 'Next: 12:15 (in 2 h 15 min)',
      detail: 'Platform primary · 12:15–20:00, 7 h 45 min',
    });
    const later = { ...nextShift, start: '2026-05-05T21:05:00Z', end: '2026-05-10T21:05:00Z' };
    expect(myStateLine(appState({ me: { onCallNow: [], nextShift: later } }), ctx)).toMatchObject({
      tone: 'off',
      title: 'Next: Tue 23:05 (in 1 d 13 h)',
    });
  });

  // adv49 r39: a block starting today and ending on another day read "Next: 08:59 (in 4 h)" above "Tue 08:59 – Thu
  // 04:59": one instant in two wordings, one line apart. The detail names today's start as the headline does.
  it("words today's start of a block spanning days as the headline does, its end with its day", () => {
    const nextShift = {
      accountId: 'main',
      scheduleId: 'sch_platform',
      scheduleName: 'Platform primary',
      start: '2026-05-04T10:15:00Z',
      end: '2026-05-06T02:59:00Z',
      endBasis: { kind: 'fresh' as const, readAt: null },
      basis: { kind: 'fresh' as const, readAt: null },
    };
    const line = myStateLine(appState({ me: { onCallNow: [], nextShift } }), ctx);
    expect(line.title).toBe('Next: 12:15 (in 2 h 15 min)');
    expect(line.detail).toBe('Platform primary · 12:15 – Wed 04:59, 1 d 16 h');
    // On call since this morning until another day: its start is today's time too.
    const now = { ...nextShift, start: '2026-05-04T05:00:00Z' };
    const onCall = myStateLine(appState({ me: { onCallNow: [now], nextShift: null } }), ctx);
    expect(onCall.detail).toBe('Platform primary · 07:00 – Wed 04:59 · 1 d 18 h left');
  });

  // Issue 47: at a glance the headline is the statement, so it carries its basis itself, short ("· saved 09:30"),
  // beside the detail's whole "(saved data from 09:30)"; the component adds no "(saved data)" of its own then.
  it('says "saved data" about my block in the headline (short) and beside the block (with from when)', () => {
    const nextShift = {
      accountId: 'main',
      scheduleId: 'sch_platform',
      scheduleName: 'Platform primary',
      start: '2026-05-04T10:15:00Z',
      end: '2026-05-04T18:00:00Z',
      endBasis: { kind: 'saved' as const, savedAt: '2026-05-04T07:30:00Z' },
      basis: { kind: 'saved' as const, savedAt: '2026-05-04T07:30:00Z' },
    };
    expect(myStateLine(appState({ me: { onCallNow: [], nextShift } }), ctx)).toEqual({
      tone: 'soon',
      title: 'Next: 12:15 (in 2 h 15 min) · saved 09:30',
      detail: 'Platform primary · 12:15–20:00, 7 h 45 min (saved data from 09:30)',
      savedInDetail: true,
    });
    const now = { ...nextShift, start: '2026-05-04T07:00:00Z' };
    const onCall = myStateLine(appState({ me: { onCallNow: [now], nextShift: null } }), ctx);
    expect(onCall.title).toBe('On call until 20:00 · saved 09:30');
    expect(onCall.savedInDetail).toBe(true);
    const older = { ...now, basis: { kind: 'saved' as const, savedAt: '2026-05-02T07:30:00Z' } };
    expect(myStateLine(appState({ me: { onCallNow: [older], nextShift: null } }), ctx).title).toBe(
      'On call until 20:00 · saved 2 May, 09:30',
    );
    const fresh = { ...nextShift, basis: { kind: 'fresh' as const, readAt: null } };
    expect(myStateLine(appState({ me: { onCallNow: [], nextShift: fresh } }), ctx).savedInDetail).toBeUndefined();
  });

  it('asks for my e-mail when it is not set, instead of claiming I am off call', () => {
    const state = appState();
    const noEmail = appState({ settings: mainSettings({ email: '' }) });
    expect(myStateLine(noEmail, ctx).detail).toMatch(/Add your e-mail in Settings/);
    expect(myStateLine(state, ctx).title).toBe('Off call, nothing in 14 days');
  });
});

describe('what was never loaded is unknown', () => {
  const failed = schedule({ now: null, next: null, timeZone: null, status: { kind: 'error', reason: 'HTTP 503' } });

  it('does not say I am off call while a schedule could not be loaded', () => {
    const line = myStateLine(appState({ schedules: [failed] }), ctx);
    expect(line).toEqual({ tone: 'unknown', title: 'Your shifts: unknown', detail: "Couldn't load Platform primary." });
  });

  // Adversarial round 11 (issue 49), F3: "Some shifts of … couldn't be read." under my state and "Couldn't read some
  // shifts of … · Retry" after the now-line: said twice. With the problem line shown, my state says only "unknown".
  it('says the reason once: with the problem line shown (its Retry), my state is "unknown" with no detail', () => {
    const state = appState({ schedules: [failed] });
    const line = myStateLine(state, ctx, true);
    expect(line).toEqual({ tone: 'unknown', title: 'Your shifts: unknown', detail: '' });
    expect(myStateLine(state, ctx, false).detail).toBe("Couldn't load Platform primary.");
  });

  it('gives the coverage list its own freshness: unknown, or saved data from when', () => {
    const unknown = appState({
      coverage: {
        mine: [],
        askingMe: [],
        status: { kind: 'error', reason: 'The on-call service had a problem (HTTP 503).' },
      },
    });
    expect(coverageNote(unknown, ctx)).toBe(
      "Coverage requests: couldn't load: The on-call service had a problem (HTTP 503).",
    );
    // The badge as main words it (core/state/asks-words.ts).
    expect(coverageBadge(withAsksWords(unknown, ctx.nowMs, ctx.localZone))).toBe('?');
    const saved = appState({
      coverage: { mine: [], askingMe: [], status: { kind: 'stale', since: '2026-05-04T07:30:00Z', reason: 'x' } },
    });
    expect(coverageNote(saved, ctx)).toBe('Coverage requests: saved data from 09:30');
    expect(coverageNote(appState(), ctx)).toBeUndefined();
  });

  it('warns when some sources failed while others are fine', () => {
    const partial = appState({
      sync: partialSync("Couldn't refresh coverage requests (service error)", '2026-05-04T07:30:00Z'),
    });
    expect(staleLine(partial, ctx)).toEqual({
      tone: 'warning',
      text: "Couldn't refresh coverage requests (service error) · showing saved data from 09:30",
      action: 'retry',
    });
  });

  it('says from when the saved data on screen is, in local time, or that nothing is saved', () => {
    const saved = appState({
      sync: { kind: 'offline', cause: 'refused', message: 'Cannot reach the service.', saved: '2026-05-04T07:30:00Z' },
    });
    expect(staleLine(saved, ctx)?.text).toBe('Offline · showing saved data from 09:30');
    const nothing = appState({
      sync: { kind: 'offline', cause: 'refused', message: 'Cannot reach the service.', saved: null },
    });
    expect(staleLine(nothing, ctx)?.text).toBe('Offline · nothing saved to show yet');
  });
});

describe('the banner says what is wrong', () => {
  it('leads to settings when the key is rejected, and offers Retry when offline or failing', () => {
    expect(
      staleLine(appState({ sync: { kind: 'key_rejected', message: 'The service rejected the API key.' } }), ctx),
    ).toMatchObject({ action: 'settings', tone: 'error' });
    expect(
      staleLine(appState({ sync: { kind: 'offline', cause: 'refused', message: 'Cannot reach the service.' } }), ctx),
    ).toMatchObject({ action: 'retry', text: 'Offline' });
    expect(staleLine(appState({ sync: errorSync('Server error') }), ctx)).toMatchObject({
      action: 'retry',
      text: 'Server error',
    });
  });

  it('says data is old even when no fetch failed, from when', () => {
    const stale = schedule({
      id: 'sch_db',
      name: 'Databases',
      status: { kind: 'stale', since: '2026-05-04T07:00:00Z', reason: 'Not refreshed recently.' },
    });
    expect(staleLine(appState({ schedules: [schedule(), stale] }), ctx)).toMatchObject({
      text: 'Not refreshed recently · last updated 09:00', // the status line is marked "(saved data)"
      action: 'retry',
    });
    expect(staleLine(appState(), ctx)).toBeUndefined();
  });
});

describe('schedule cards', () => {
  it('shows local times with the schedule zone only where it differs', () => {
    expect(cardLines(schedule(), ctx)).toEqual({
      known: true,
      now: 'until 17:00',
      next: 'from 17:00',
      status: undefined,
    });
    const ny = cardLines(schedule({ timeZone: 'America/New_York' }), ctx);
    expect(ny.now).toBe('until 17:00 (11:00 New York)');
  });

  it('explains stale data and empty slots', () => {
    const lines = cardLines(
      schedule({
        now: null,
        next: null,
        status: { kind: 'stale', since: '2026-05-04T07:30:00Z', reason: 'Timed out' },
      }),
      ctx,
    );
    expect(lines).toEqual({
      known: true,
      now: 'No one is on call',
      next: 'Nothing planned until 19 May, 09:00, then unknown',
      status: 'Showing saved data from 09:30: Timed out',
    });
    // When the popover's one stale line already says why and since when (the whole sync is failing), the card says nothing.
    expect(
      cardLines(schedule({ status: { kind: 'stale', since: '2026-05-04T07:30:00Z', reason: 'Timed out' } }), ctx, true)
        .status,
    ).toBeUndefined();
  });

  it('says "Unknown" for a schedule never loaded, never "No one is on call"', () => {
    const lines = cardLines(
      schedule({
        now: null,
        next: null,
        timeZone: null,
        status: { kind: 'error', reason: 'The service rejected the API key.' },
      }),
      ctx,
    );
    expect(lines).toEqual({
      known: false,
      now: 'Unknown',
      next: 'Unknown',
      status: "Couldn't load: The service rejected the API key.",
    });
    const gone = cardLines(
      schedule({
        status: {
          kind: 'not_found',
          reason: 'Not found on the service.',
          since: '2026-05-04T07:40:00Z',
          savedAt: '2026-05-04T07:30:00Z',
        },
      }),
      ctx,
    );
    expect(gone).toMatchObject({
      known: true,
      now: 'until 17:00',
      status: 'Not found on the service since 09:40; showing saved data from 09:30',
    });
  });

  it('gives each person initials for the avatar', () => {
    expect(chips([ada])[0]).toMatchObject({ initials: 'AL', name: 'Ada Lovelace' });
  });
});

describe('freshness and the empty state', () => {
  it('tells how long ago the data was fetched', () => {
    expect(freshnessText(appState(), ctx)).toBe('Updated 2 min ago');
    expect(freshnessText(appState({ lastSuccessAt: '2026-05-04T08:00:00Z', syncing: true }), ctx)).toBe(
      'Updated just now · updating…',
    );
    expect(freshnessText(appState({ lastSuccessAt: null }), ctx)).toBe('Not updated yet');
  });

  it('names an account not read yet instead of covering it with the other account’s age', () => {
    const accounts = [
      accountView({ label: 'Work' }),
      accountView({ id: accountIdOf('acme'), label: 'Acme', lastSuccessAt: null }),
    ];
    expect(freshnessText(appState({ accounts }), ctx)).toBe('Updated 2 min ago · Acme not read yet');
    expect(freshnessText(appState({ accounts: [accounts[0]!] }), ctx)).toBe('Updated 2 min ago');
  });

  it('sends a first run to onboarding', () => {
    const state = appState();
    expect(needsOnboarding(appState({ settings: mainSettings({ schedules: [] }) }))).toBe(true);
    expect(needsOnboarding(appState({ sync: needsSetup('Add the API key') }))).toBe(true);
    expect(needsOnboarding(state)).toBe(false);
  });
});
