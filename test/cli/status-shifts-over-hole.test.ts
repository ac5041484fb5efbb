// `status`'s "Your shifts" over a hole (issue 47, adv47 r22): a block of mine the service then sends unreadable is
// listed in its place as unknown ("… · Ops: couldn't be read — may be yours"), never left out so the day reads as
// free, and the schedule's line is not a bare "— fresh" while that hole lies in the window.
import { afterEach, describe, expect, it } from 'vitest';
import { formatStatus } from '../../electron/cli/status-format';
import { formatWindow } from '../../electron/shared/format';
import { myBlockBecomesHole, type HoleWorld } from '../core/support/my-hole-world';

const ZONE = 'Europe/Berlin';
let world: HoleWorld | undefined;
afterEach(async () => {
  await world?.h.close();
  world = undefined;
});

describe('status: my shifts over a hole', () => {
  it('lists the unreadable block of mine in order, and the schedule line names the hole beside "fresh"', async () => {
    world = await myBlockBecomesHole();
    const nowMs = world.h.clock.now();
    const text = formatStatus(world.engine.getState(), { nowMs, localZone: ZONE });
    const lines = text.split('\n');
    const head = lines.findIndex((l) => l.startsWith('Your shifts ('));
    const list = lines.slice(
      head + 1,
      lines.findIndex((l, i) => i > head && !l.startsWith('  ')),
    );
    // The world's Wed block, in the schedule's time (UTC) beside local, as every line of the list words a window.
    const when = formatWindow(world.wed.start, world.wed.end, { nowMs, localZone: ZONE, scheduleZone: 'UTC' });
    const at = list.indexOf(`  ${when} · Ops: couldn't be read — may be yours`);
    expect(at, list.join('\n')).toBeGreaterThan(0);
    // In order: the block before it (today's) starts earlier, the one after (Thu) later.
    expect(list[at - 1]).toMatch(/^ {2}\d\d:\d\d–/);
    expect(list[at + 1]).toMatch(/^ {2}Thu /);
    const ops = lines.find((l) => l.startsWith('Ops [')) ?? '';
    expect(ops).toContain(`fresh · shifts couldn't be read: ${when}`);
  }, 120_000);
});
