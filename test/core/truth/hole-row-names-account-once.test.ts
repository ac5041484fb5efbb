// adv47 round 23 #2: two services (Work, Acme); Acme's shifts Thu 10:00Z – Fri 20:00Z were sent without users (a
// hole). The "couldn't be read — may be yours" row of My shifts and `status` said "Acme · Acme · Platform primary":
// the gap's name already carries its account. It names it once, as every other line does.
import { expect, it } from 'vitest';
import { twoServices } from '../engine/support/two-services';
import { everyText } from '../../support/text-registry';

const at = Date.parse;

it('names the account of a hole row once ("Acme · Platform primary: couldn\'t be read")', async () => {
  const w = await twoServices(at('2026-03-04T12:00:00Z'));
  w.acme.unreadable.add('sch_primary', { fromMs: at('2026-03-05T10:00:00Z'), toMs: at('2026-03-06T20:00:00Z') });
  await w.engine.start();
  await w.harness.clock.advance(5_000);
  const texts = everyText({ state: w.engine.getState(), nowMs: w.harness.clock.now(), localZone: 'Europe/Berlin' });
  await w.engine.stop();
  const holeRows = texts
    .flatMap((t) => t.text.split('\n').map((l) => ({ surface: t.surface, l })))
    .filter((x) => x.l.includes("couldn't be read — may be yours"));
  // Status and the popover's My shifts each list the hole.
  expect([...new Set(holeRows.map((x) => x.surface))].sort()).toEqual(['popover', 'status']);
  for (const { surface, l } of holeRows) {
    expect(l, surface).toContain('Acme · Platform primary');
    expect(l, surface).not.toContain('Acme · Acme');
  }
}, 60_000);
