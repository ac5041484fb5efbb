// adv49 round 5, finding 3: Payments' listed shifts over now came without their users (a hole the service sent
// unreadable), while the service's current-shift field, read fresh, names Carol alone, and the same screen's now-line
// says "Payments  Carol Lee until 16:28". The headline said "On call now: unknown · next known: 16:28 (in 11 h)", and
// the tray, tooltip and popover worded it three ways ("Your next shift: unknown", "On call: unknown", "Your shifts:
// unknown"). The fresh current shift answers my now on that schedule (as it answers "on call" when it names me, adv49
// r5 #1): not on call. So my now is known, the next shift is said as my next, and the hole stays a scoped caveat.
// Real deriveState, every surface through the registry. Failed before: "unknown" about my now on every surface.
import { describe, expect, it } from 'vitest';
import { deriveState } from '../../../electron/core/state/derive';
import { nowUnknownText } from '../../../electron/shared/now-unknown';
import { everyText } from '../../support/text-registry';
import {
  bob,
  carol,
  deriveInput,
  details,
  me,
  scheduleSnap,
  settingsWith,
  shift,
  snapshotOf,
} from '../support/fixtures';

const ZONE = 'Europe/Berlin';
const HOUR = 3_600_000;
const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z');
const nowMs = Date.parse('2026-11-29T04:28:00Z');
const changeMs = nowMs + 11 * HOUR; // 16:28 Berlin... in UTC+1: 16:28 local is 15:28Z; the words are checked by instant
const read = { from: iso(nowMs - 24 * HOUR), to: iso(nowMs + 15 * 24 * HOUR) };
const fetched = { detailsFetchedAt: iso(nowMs - 60_000), shiftsFetchedAt: iso(nowMs - 60_000) };
const settings = settingsWith({
  schedules: [
    { id: 'sch_p', name: 'Platform primary' },
    { id: 'sch_pay', name: 'Payments' },
  ],
});

function state(currentOfPayments: boolean, mineOnPlatform = true) {
  const platform = scheduleSnap(
    'sch_p',
    [shift(read.from, iso(changeMs), bob), shift(iso(changeMs), read.to, mineOnPlatform ? me : bob)],
    {
      details: details('Platform primary', ZONE, [me, bob]),
      shiftsFrom: read.from,
      shiftsTo: read.to,
      ...fetched,
    },
  );
  const carolNow = shift(iso(nowMs - 12 * HOUR), iso(changeMs), carol);
  const payments = scheduleSnap(
    'sch_pay',
    [shift(read.from, iso(nowMs - 12 * HOUR), carol), shift(iso(changeMs), read.to, carol)],
    {
      details: details('Payments', ZONE, [me, carol], currentOfPayments ? { current_oncall_shift: carolNow } : {}),
      shiftHoles: [{ from: iso(nowMs - 3 * HOUR), to: iso(nowMs + 3 * HOUR) }],
      shiftsFrom: read.from,
      shiftsTo: read.to,
      ...fetched,
    },
  );
  return deriveState(deriveInput({ snapshot: snapshotOf([platform, payments]), nowMs, settings, localZone: ZONE }));
}

const unknownNow = /On call now: unknown|Your next shift: unknown|On call: unknown|Your shifts: unknown|next known/;

describe("the service's fresh current shift answers my now where the listing over now has a hole", () => {
  it('Carol alone now on Payments: my now is known (not on call), my next is said as my next, on every surface', () => {
    const s = state(true);
    expect(s.schedules.find((v) => v.scheduleId === 'sch_pay')?.now?.users.map((u) => u.name)).toEqual(['Carol']);
    expect(nowUnknownText(s, (t) => t)).toBe('');
    expect(s.me.nextShift?.start).toBe(iso(changeMs));
    for (const t of everyText({ state: s, nowMs, localZone: ZONE })) expect(t.text, t.surface).not.toMatch(unknownNow);
    // The hole is still named where it matters (its schedule's shifts couldn't be read), not as my now. Since issue
    // 47 the current shift covers it whole (Carol alone): no time of it is left unknown, so My shifts lists no
    // "may be yours" over Carol's time; the unreadable shifts are still said as the schedule's problem.
    const texts = everyText({ state: s, nowMs, localZone: ZONE }).map((t) => t.text);
    expect(texts.some((t) => t.includes("Couldn't read some shifts of Payments"))).toBe(true);
    expect(s.me.gaps.some((g) => g.scheduleId === 'sch_pay' && g.kind === 'holes')).toBe(false);
  });

  it('without the current shift (nothing says who is on call now there) my now stays unknown, one wording', () => {
    const s = state(false);
    expect(nowUnknownText(s, (t) => t)).not.toBe('');
    const texts = everyText({ state: s, nowMs, localZone: ZONE }).filter(
      (t) => t.statement === undefined && t.kind === undefined,
    );
    for (const t of texts.filter((x) => ['tray-tooltip', 'tray-menu', 'popover'].includes(x.surface)))
      expect(t.text, t.surface).toMatch(/On call now: unknown/);
  });
  it("nothing of mine known while Payments' now is unknown: the tray, its tooltip and the popover say one thing", () => {
    const s = state(false, false);
    const whole = everyText({ state: s, nowMs, localZone: ZONE }).filter((t) => !t.statement && !t.kind);
    const first = (surface: string) => whole.find((t) => t.surface === surface)?.text.split('\n')[0] ?? '';
    expect(first('popover')).toBe('Your shifts: unknown');
    expect(first('tray-tooltip')).toMatch(/^Your shifts: unknown \(some shifts of Payments couldn't be read/);
    // The menu's reason is its problem item's, said once with its Retry (adv49 r11 F3), as the popover's.
    expect(first('tray-menu')).toBe('Your shifts: unknown');
    const menu = whole.filter((t) => t.surface === 'tray-menu').map((t) => t.text);
    expect(menu.filter((t) => /some shifts of Payments/i.test(t)).length, menu.join('\n')).toBe(1);
  });
});
