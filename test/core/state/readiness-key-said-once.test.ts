// Issue 49, adversarial round 14, #1: a rejected key was said twice, in the tray and the popover, as the readiness
// line ("Work · Not ready for your shift at … — The service rejected the API key: enter a new one.", "Enter a new
// key") and as the problem ("Work: The service rejected the API key. …", "Enter new key…"). The problem line says
// it once, with its fix; the readiness line is left out when the key was its only problem, else says the next one.
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTrayMenu, type TrayMenuItem } from '../../../electron/core/state/tray-menu';
import type { AppState, ReadinessCheck, SyncStatus } from '../../../electron/shared/view-state';
import { accountView, appState, schedule } from '../../renderer/support/state';
import { loadPopover, popover } from '../support/popover-text';

const NOW = Date.parse('2026-05-04T08:00:00Z'); // 10:00 Berlin
const ZONE = 'Europe/Berlin';
const rejected: SyncStatus = {
  kind: 'key_rejected',
  message: 'The service rejected the API key. Enter a new key in Settings to resume syncing.',
};
const KEY: ReadinessCheck = {
  id: 'key',
  result: 'problem',
  message: 'The service rejected the API key: enter a new one.',
  action: 'settings',
};
const AUTOSTART: ReadinessCheck = {
  id: 'autostart',
  result: 'problem',
  message: 'After a restart, nothing will remind you: turn on Start at login.',
  action: 'start-at-login',
};

function keyRejected(checks: ReadinessCheck[]): AppState {
  const base = appState({ schedules: [schedule({ id: 'sch_platform', name: 'Platform primary' })] });
  const shift = {
    accountId: base.accounts[0]!.id,
    scheduleId: 'sch_platform',
    scheduleName: 'Platform primary',
    start: '2026-05-04T16:00:00Z',
    end: '2026-05-05T16:00:00Z',
    endBasis: { kind: 'fresh' as const, readAt: null },
    basis: { kind: 'fresh' as const, readAt: null },
  };
  return {
    ...base,
    sync: rejected,
    accounts: [accountView({ sync: rejected })],
    me: { ...base.me, nextShift: shift, shifts: [shift], readiness: { shift, checks } },
  };
}

const labels = (state: AppState): string[] =>
  buildTrayMenu(state, NOW, ZONE, { locale: 'en-GB' }).flatMap((i: TrayMenuItem) => ('label' in i ? [i.label] : []));
const saysKey = (text: string): boolean => /rejected the API key/.test(text);

describe('a rejected key is said once (adv49 r14 #1)', () => {
  beforeAll(loadPopover, 120_000);

  it('the tray: the problem item alone, no readiness line saying it again', () => {
    const items = labels(keyRejected([KEY]));
    expect(items.filter(saysKey)).toHaveLength(1);
    expect(items.filter((l) => /Not ready/.test(l))).toEqual([]);
  });

  it('the tray: with another problem, the readiness line says that one', () => {
    const items = labels(keyRejected([KEY, AUTOSTART]));
    expect(items.filter(saysKey)).toHaveLength(1);
    expect(items.filter((l) => /Not ready/.test(l))).toEqual([
      'Not ready for your shift at 18:00 — After a restart, nothing will remind you: turn on Start at login.',
    ]);
  });

  it('the popover: the problem line alone, with its one "Enter new key…"', () => {
    const text = popover(keyRejected([KEY]), NOW, ZONE).all;
    expect(text.split('\n').filter(saysKey), text).toHaveLength(1);
    expect(text).not.toMatch(/Not ready/);
    expect(text.split('\n')).not.toContain('Enter a new key');
  });
});
