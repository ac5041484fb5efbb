// adv47 round 23 #1: Frank asks me (Acme) to cover two blocks, Thu 09:00 – Fri 09:00 Berlin, whose shifts the service
// sent unreadable (a hole), and Sat 09:00 – Sun 09:00, read fresh. The request asks me over the readable block only:
// every surface named the hole block first as the ask ("Platform primary Thu 09:00 – Fri 09:00 and 1 more"), and
// Cover… acted on it. Now the readable block is the ask, and the hole block "may ask you — couldn't check".
import { expect, it } from 'vitest';
import { twoServices } from '../engine/support/two-services';
import { everyText } from '../../support/text-registry';
import { askRows } from '../../../renderer/src/lib/glance';
import { HOUR } from '../../support/time';

const at = Date.parse;
const HOLE_BLOCK = { startMs: at('2026-03-05T08:00:00Z'), endMs: at('2026-03-06T08:00:00Z') };
const READ_BLOCK = { startMs: at('2026-03-07T08:00:00Z'), endMs: at('2026-03-08T08:00:00Z') };
// The two blocks in Berlin (UTC+1 in March), as the tests' own arithmetic has them.
const HOLE_WORDS = 'Thu 09:00 – Fri 09:00';
const READ_WORDS = 'Sat 09:00 – Sun 09:00';

it('a request across a hole asks me over its readable block; the hole block is "may ask you — couldn\'t check"', async () => {
  const w = await twoServices(at('2026-03-04T12:00:00Z'));
  w.acme.unreadable.add('sch_primary', { fromMs: at('2026-03-05T10:00:00Z'), toMs: at('2026-03-05T20:00:00Z') });
  // The answer names no next shift: a fresh next_oncall_shift (Frank's Thu) would fill the hole (adv47 r34).
  w.acme.faults.set('getSchedule', { omit: ['schedule.next_oncall_shift'] });
  await w.engine.start();
  await w.harness.clock.advance(5_000);
  const ref = { scheduleId: 'sch_primary', scheduleName: 'Platform primary' };
  w.acme.state.coverageRequests.push({
    id: 'cov_frank',
    userId: 'usr_frank',
    reason: 'Wedding',
    status: 'pending',
    shifts: [
      { ...HOLE_BLOCK, ...ref },
      { ...READ_BLOCK, ...ref },
    ],
  });
  await w.engine.handlers['sync:refresh'](null);
  await w.harness.clock.advance(HOUR);
  const state = w.engine.getState();
  const nowMs = w.harness.clock.now();
  const texts = everyText({ state, nowMs, localZone: 'Europe/Berlin', notifications: w.harness.notifier.shown });
  await w.engine.stop();

  // Notification, status, popover: the readable block named as the ask, the hole block apart, marked.
  const notice = texts.find((t) => t.surface === 'notification' && t.text.includes('Frank'));
  expect(notice?.text).toContain(`Platform primary ${READ_WORDS}: Wedding`);
  expect(notice?.text).toContain(`may ask you — couldn't check: ${HOLE_WORDS}`);
  const status = texts.find((t) => t.surface === 'status' && t.accountId === null)?.text ?? '';
  expect(status).toContain(`Frank Person: Wedding — Acme · Platform primary ${READ_WORDS}`);
  expect(status).toContain(`may ask you — couldn't check: ${HOLE_WORDS}`);
  // Cover… acts on the readable block.
  const [row] = askRows(state, { nowMs, localZone: 'Europe/Berlin', locale: 'en-GB' });
  expect(row?.params.start).toBe(new Date(READ_BLOCK.startMs).toISOString().replace('.000Z', 'Z'));
  expect(row?.when.startsWith(READ_WORDS)).toBe(true);
  // Nowhere is the hole block named as this ask without saying it couldn't be checked.
  const unmarked = texts
    .filter((t) => t.surface !== 'form-preview')
    .flatMap((t) => t.text.split('\n').map((l) => `${t.surface}: ${l}`))
    .filter((l) => l.includes(HOLE_WORDS) && /Wedding|Frank|asking|Asks/i.test(l) && !/couldn't check/.test(l))
    .filter((l) => !l.includes('"segments"'));
  expect(unmarked).toEqual([]);
}, 60_000);
