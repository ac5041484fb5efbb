// Issue 47, one formatter: the time my block has left is worded by one function (shared/format.ts formatLeft) on the
// tray tooltip, the tray menu and the popover, so the same instant reads the same on each; never "now left" (the
// tray cut "in " off a relative time, which says "now" within half a minute of the end). Test failed before.
import { describe, expect, it } from 'vitest';
import { everyText } from '../../support/text-registry';
import { combined, HOUR, NOW, ZONE, type AccountWorld } from '../state/support/accounts-world';

// Me on call on Platform from NOW to NOW + 12 h (slot 1), fresh.
const world: AccountWorld[] = [
  {
    condition: 'healthy',
    slots: [
      [1, 0, 1, 1],
      [1, 1, 1, 1],
    ],
    asks: false,
  },
];
const leftIn = (text: string): string[] => [...text.matchAll(/(\d[\w ]*?|under 1 min) left/g)].map((m) => m[0]);

describe('one formatter: time left', () => {
  for (const [what, nowMs, want] of [
    ['7 h 30 min before the end', NOW + 4.5 * HOUR, '7 h 30 min left'],
    ['20 s before the end', NOW + 12 * HOUR - 20_000, 'under 1 min left'],
  ] as const)
    it(`${what}: "${want}" on every surface that says it`, () => {
      const said = everyText({ state: combined(world), nowMs, localZone: ZONE });
      const whole = (s: string) => said.find((x) => x.surface === s && !x.statement)?.text ?? '';
      for (const surface of ['tray-tooltip', 'tray-menu', 'popover'])
        expect(leftIn(whole(surface)), surface).toEqual([want]);
    });
});
