// Issue 47, adversarial round 2, finding 4: "Who could cover" (the quick override's people picker) over saved data.
// Acme's key is rejected after a good read; Bob is on both services. The picker must word the read's time in the
// app's zone (Berlin: "11:00", as the tray does), not the process's own zone, and say that "on call on Acme … then"
// rests on saved data too. Real engine, two simulators on loopback, fake clock. The process runs in UTC here (or any
// zone but Berlin's offset at that instant would show the bug as "10:00" or other).
import { describe, expect, it } from 'vitest';
import { twoServices } from '../engine/support/two-services';
import { trayTooltip } from '../../../electron/core/state/tray-menu';

const MIN = 60_000;

describe('round 2 (4): who could cover, over saved data', () => {
  it("words the saved read's time in the app's zone and marks 'on call on Acme … then' as saved data", async () => {
    const w = await twoServices(
      Date.parse('2026-03-04T10:00:00Z'),
      (seed) => {
        // Acme's Frank has Bob's e-mail: the same person on both services.
        const frank = seed.users.find((u) => u.id === 'usr_frank');
        if (frank) frank.email = 'bob@example.com';
      },
      {},
    );
    const { engine, acme } = w;
    const clock = w.harness.clock;
    await engine.start();
    await clock.advance(MIN);
    acme.state.revokeKey('ocs_acme_key_2222');
    await clock.advance(30 * MIN);
    // The tray's word for the same read (the app's zone): the picker must say the same.
    const tray = trayTooltip(engine.getState(), clock.now(), 'Europe/Berlin');
    const readAt = /saved data from (\d\d:\d\d)/.exec(tray)?.[1];
    expect(readAt).toBe('11:00');
    const ask = async (start: string, end: string) => {
      const answer = await engine.handlers['override:candidates']({
        scheduleId: 'work:sch_primary',
        window: { kind: 'custom', start, end },
      });
      expect(answer.ok).toBe(true);
      return answer.ok ? answer.value.map((c) => `${c.name}: ${c.detail}`) : [];
    };
    // Today 15:00–17:00 Berlin: Bob is free per both reads, Acme's saved.
    const today = await ask('2026-03-04T14:00:00Z', '2026-03-04T16:00:00Z');
    expect(today.join('\n')).toContain(`free per saved data from ${readAt}`);
    // Thursday: Bob is on call on both; Acme's is saved data.
    const thu = await ask('2026-03-05T14:00:00Z', '2026-03-05T16:00:00Z');
    expect(thu.join('\n')).toContain(`on call on Acme · Platform primary (saved data from ${readAt}) then`);
  });
});
