// The readiness check before my next shift, from a settings.json whose test-notification answer is dated ahead of
// the clock (adv52 r59 #1): the app never sent that test this week, so the check is what it is with no answer at all
// ("not checked", never "You saw a test notification this week" nor "didn't appear"), the answer is said once, and
// settings.json is kept aside (without the feed's token) before the app writes it without the answer.
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { newFeedToken } from '../../../electron/core/calendar/feed-control';
import type { NotificationTest } from '../../../electron/shared/settings';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';
import { ms } from '../../support/time';

const TOKEN = newFeedToken();

async function world(test: NotificationTest | null) {
  const h = await createHarness({ startMs: ms('2026-03-28T06:00:00Z'), seed: threeZoneSeed(), files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin'] });
  const s = JSON.parse(await readFile(join(h.dir, 'settings.json'), 'utf8')) as Record<string, unknown>;
  await writeFile(
    join(h.dir, 'settings.json'),
    JSON.stringify({ ...s, notificationTest: test, calendarFeed: { enabled: false, port: 47_615, token: TOKEN } }),
  );
  const e = h.engine({});
  await e.start();
  await h.clock.advance(2000);
  const st = e.getState();
  await e.stop();
  const kept = (await readdir(h.dir)).filter((f) => f.startsWith('settings.json.bad-'));
  const copies = await Promise.all(kept.map((f) => readFile(join(h.dir, f), 'utf8')));
  const saved = JSON.parse(await readFile(join(h.dir, 'settings.json'), 'utf8')) as Record<string, unknown>;
  return {
    check: st.me.readiness?.checks.find((c) => c.id === 'notifications'),
    said: st.notices.filter((n) => /test notification/.test(n.message)).map((n) => n.message),
    copies,
    saved: saved['notificationTest'],
  };
}

it('an answer dated ahead reads as no answer, is said once, and the file is kept aside without its token', async () => {
  const none = await world(null);
  const real = await world({ at: '2026-03-27T09:00:00.000Z', seen: true });
  expect(real.check).toMatchObject({ result: 'ok', message: 'You saw a test notification this week.' });
  expect(real.said).toEqual([]);
  expect(real.copies).toEqual([]);
  for (const seen of [true, false]) {
    const ahead = await world({ at: '2099-01-01T00:00:00Z', seen });
    expect(ahead.check).toEqual(none.check);
    expect(ahead.check?.result).toBe('unknown');
    expect(ahead.said).toHaveLength(1);
    expect(ahead.said[0]).toMatch(/notificationTest \(a test notification answered at a time that can't be true\)/);
    expect(ahead.said[0]).not.toContain(TOKEN);
    expect(ahead.copies).toHaveLength(1);
    expect(ahead.copies[0]).toContain('2099-01-01T00:00:00Z');
    expect(ahead.copies[0]).not.toContain(TOKEN);
    expect(ahead.saved).toBeNull();
  }
}, 120_000);
