// Adversarial round (issue 47): Acme's key was rejected on Wed 13:00; on Thu 21:00 the tray and `status` said "saved
// data from Wed 13:00" while the popover's card and coverage line said "saved data from 13:00" (today's 13:00, a
// different instant) and its coverage line didn't say whose list was saved. One wording of "saved data from T" on
// every surface: the day when not today, and the account named as the tray names it.
import { describe, expect, it } from 'vitest';
import { cardLines, coverageNote } from '../../renderer/src/lib/status-model';
import { staleLine } from '../../renderer/src/lib/glance';
import { coverageFreshnessLine } from '../../electron/core/state/tray-sections';
import { formatStatus } from '../../electron/cli/status-format';
import { accountIdOf } from '../../electron/shared/accounts';
import { accountView, appState, schedule } from './support/state';

const NOW = Date.parse('2026-03-05T20:00:00Z'); // Thu 21:00 Berlin
const SAVED = '2026-03-04T12:00:00Z'; // Wed 13:00 Berlin
const ZONE = 'Europe/Berlin';
const ctx = { nowMs: NOW, locale: 'en-GB', localZone: ZONE };

const acmeOps = schedule({
  accountId: accountIdOf('acme'),
  id: 'acme/sch_ops',
  scheduleId: 'sch_ops',
  name: 'Ops',
  status: { kind: 'stale', since: SAVED, reason: 'The service rejected the API key.' },
});
const state = appState({
  accounts: [accountView(), accountView({ id: accountIdOf('acme'), label: 'Acme', address: 'https://acme.example' })],
  schedules: [schedule(), acmeOps],
  coverage: {
    mine: [],
    askingMe: [],
    status: { kind: 'stale', since: SAVED, reason: 'Acme: The service rejected the API key.' },
  },
});

describe('popover: saved data from an earlier day', () => {
  it("words the card's saved-data instant with its day, as the tray and `status` do", () => {
    expect(cardLines(acmeOps, ctx).status).toBe(
      'Showing saved data from 4 Mar, 13:00: The service rejected the API key.',
    );
    // The status line above is marked "(saved data)": this line says from when only.
    expect(staleLine(state, ctx)?.text).toBe('Not refreshed recently · last updated 4 Mar, 13:00');
    expect(formatStatus(state, { nowMs: NOW, localZone: ZONE })).toContain('saved data from 4 Mar, 13:00');
  });

  it('words the coverage line as the tray menu does: whose list, and its day', () => {
    const tray = coverageFreshnessLine(state, { nowMs: NOW, localZone: ZONE, locale: 'en-GB' });
    expect(tray).toBe("Coverage requests: Acme's saved data from 4 Mar, 13:00");
    expect(coverageNote(state, ctx)).toBe(tray);
  });
});
