// Issue 49, adversarial round 7, #2: one of several accounts has no key. Its problem is said once in the popover,
// with its fix as the action (onboarding on that account, as the tray's item), never Retry; the group header only
// names the account. Before: "Acme: Add your API key to start" with Retry, under "Acme: not set up (…)".
import { describe, expect, it } from 'vitest';
import { accountIdOf } from '../../electron/shared/accounts';
import { staleLines } from '../../renderer/src/lib/stale-lines';
import { nowGroups } from '../../renderer/src/lib/now-lines';
import { accountView, appState, schedule } from './support/state';

const ctx = { nowMs: Date.parse('2026-05-04T08:00:00Z'), locale: 'en-GB', localZone: 'Europe/Berlin' };
const acme = accountIdOf('acme');
const noKey = {
  kind: 'needs_setup' as const,
  message: 'Add your API key to start.',
  clause: 'Add your API key to start',
};
const notRead = { kind: 'not_read' as const, reason: 'no API key for Acme' };

const world = (work: ReturnType<typeof accountView>['sync']) =>
  appState({
    accounts: [
      accountView({ label: 'Work', sync: work }),
      accountView({ id: acme, label: 'Acme', sync: noKey, hasKey: false, keyStorage: 'none', lastSuccessAt: null }),
    ],
    sync: { kind: 'partial', message: 'Acme: Add your API key to start.', clause: 'Acme: Add your API key to start' },
    schedules: [schedule({ id: 'sch_w' }), schedule({ id: 'sch_a', accountId: acme, status: notRead, now: null })],
  });

describe('an account with no key, among several', () => {
  it('is one problem line whose action opens its onboarding, not Retry; its heading names it only', () => {
    const lines = staleLines(world({ kind: 'ok' }), ctx);
    expect(lines).toEqual([
      {
        tone: 'warning',
        text: 'Acme: Add your API key to start.',
        action: 'setup',
        setup: { account: acme, name: 'Acme' },
      },
    ]);
    const heading = nowGroups(world({ kind: 'ok' }), ctx).find((g) => g.id === acme);
    expect(heading).toMatchObject({ heading: 'Acme', problem: false });
  });

  it('keeps another account’s problem with its own fix beside it', () => {
    const offline = { kind: 'offline' as const, cause: 'refused' as const, message: 'x', saved: null };
    const lines = staleLines(world(offline), ctx);
    expect(lines.map((l) => l.action)).toEqual(['retry', 'setup']);
    expect(lines.filter((l) => /Acme/.test(l.text))).toHaveLength(1);
  });
});
