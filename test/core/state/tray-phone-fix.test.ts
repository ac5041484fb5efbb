// Adversarial round 8 (issue 49), F2: "Your phone may still ring …" opened Settings at the top (its fix is in
// Settings → Phone, far down). The tray's item and the popover's button now open Settings at its Phone section
// (window:open's params: section=phone, the one section the IPC edge accepts).
import { describe, expect, it } from 'vitest';
import { buildTrayMenu, type TrayMenuItem } from '../../../electron/core/state/tray-menu';
import { invokeChannels } from '../../../electron/shared/ipc-contract';
import type { AppState } from '../../../electron/shared/view-state';
import { appState } from '../../renderer/support/state';

const NOW = Date.parse('2026-05-04T08:00:00Z');

function withPhoneLine(): AppState {
  const base = appState();
  return {
    ...base,
    phone: {
      provider: 'ntfy',
      server: 'https://ntfy.sh',
      hasSecrets: true,
      lastTest: null,
      booking: 'booked',
      nextBooked: null,
      problem: 'could not connect to ntfy.sh',
      stillRing: [
        {
          key: 'k1',
          at: '2026-05-04T08:40:00Z',
          scheduleName: 'Platform primary',
          why: 'not-mine',
          error: 'could not connect to ntfy.sh (ECONNREFUSED)',
          passed: false,
        },
      ],
    },
  };
}

const leaves = (items: TrayMenuItem[]): TrayMenuItem[] =>
  items.flatMap((i) => (i.type === 'submenu' ? leaves(i.items as TrayMenuItem[]) : [i]));

describe('the phone line opens Settings at Phone', () => {
  it('the tray item carries section=phone', () => {
    const items = leaves(buildTrayMenu(withPhoneLine(), NOW, 'Europe/Berlin', { locale: 'en-GB' }));
    const phone = items.filter((i) => i.type === 'action' && i.label.startsWith('Your phone may still ring'));
    expect(phone).toHaveLength(1);
    expect(phone[0]).toMatchObject({ action: 'open-settings', params: { section: 'phone' } });
  });

  it('window:open accepts section=phone and refuses an unknown section', () => {
    const schema = invokeChannels['window:open'].request;
    expect(schema.safeParse({ view: 'settings', params: { section: 'phone' } }).success).toBe(true);
    expect(schema.safeParse({ view: 'settings', params: { section: 'nowhere' } }).success).toBe(false);
    expect(schema.safeParse({ view: 'settings', params: { account: 'globex' } }).success).toBe(true);
  });
});
