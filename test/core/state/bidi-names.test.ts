// Issue 49, adversarial round 2, finding 4: a right-to-left schedule name ("תורנות ראשית פלטפורמה") pulled the times
// beside it into its run, so "00:23–12:23 · 11 h left" read reversed in the popover, and the tray's strings had the
// same pattern ("Shift-start alarm (<name>, 00:23)"). A user-provided name is isolated (FSI … PDI) in every string
// that sets it among times; a left-to-right name is left as it is.
import { describe, expect, it } from 'vitest';
import { buildTrayMenu, trayTooltip } from '../../../electron/core/state/tray-menu';
import { alarmLine } from '../../../electron/shared/alarm-text';
import { isolate } from '../../../electron/shared/bidi';
import { myStateLine } from '../../../renderer/src/lib/status-model';
import { accountIdOf } from '../../../electron/shared/accounts';
import { appState, schedule } from '../../renderer/support/state';

const NOW = Date.parse('2026-05-04T08:00:00Z'); // 10:00 Berlin
const ZONE = 'Europe/Berlin';
const RTL = 'תורנות ראשית פלטפורמה';
const FSI = '\u2068';
const PDI = '\u2069';

function onCallOn(name: string) {
  const block = {
    accountId: accountIdOf('main'),
    scheduleId: 'sch_platform',
    scheduleName: name,
    start: '2026-05-04T07:00:00Z',
    end: '2026-05-04T19:00:00Z',
    endBasis: { kind: 'fresh' as const, readAt: null },
    basis: { kind: 'fresh' as const, readAt: null },
  };
  return appState({ schedules: [schedule({ name })], me: { onCallNow: [block], nextShift: null, shifts: [block] } });
}

describe('a right-to-left name keeps the times beside it in order (issue 49, adversarial 2)', () => {
  it('is isolated in the popover line, the tooltip, the menu and the alarm line', () => {
    const state = onCallOn(RTL);
    const named = `${FSI}${RTL}${PDI}`;
    expect(myStateLine(state, { nowMs: NOW, locale: 'en-GB', localZone: ZONE }).detail).toContain(`${named} · 09:00`);
    expect(trayTooltip(state, NOW, ZONE, { locale: 'en-GB' })).toContain(`On call: ${named} until 21:00`);
    const labels = buildTrayMenu(state, NOW, ZONE, { locale: 'en-GB' }).map((i) => ('label' in i ? i.label : ''));
    expect(labels[0]).toContain(`You are on call: ${named} until 21:00`);
    const alarm = { key: 'k', scheduleName: RTL, start: '2026-05-04T08:00:00Z', ackedAt: null, ringing: false };
    expect(alarmLine(alarm as never, { nowMs: NOW, localZone: ZONE, locale: 'en-GB' })).toContain(`(${named}, `);
  });

  it('leaves a left-to-right name as it is (no invisible characters where none are needed)', () => {
    expect(isolate('Platform primary')).toBe('Platform primary');
    expect(isolate('المدفوعات')).toBe(`${FSI}المدفوعات${PDI}`);
    const state = onCallOn('Platform primary');
    expect(trayTooltip(state, NOW, ZONE, { locale: 'en-GB' })).toContain('On call: Platform primary until 21:00');
  });
});
