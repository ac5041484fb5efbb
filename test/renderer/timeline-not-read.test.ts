// adv47 round 11 #4: the week's row of an account with no API key read "unknown (not loaded)", a load that won't
// come; every other surface says "not read: no API key for Acme".
import { expect, it } from 'vitest';
import { timelineModel } from '../../renderer/src/lib/timeline';
import { appState, schedule } from './support/state';

it("the no-key schedule's week row says why: not read, no API key (adv47 r11 #4)", () => {
  const base = appState();
  const s = schedule({ status: { kind: 'not_read', reason: 'no API key for Acme' }, timeline: [], known: null });
  const model = timelineModel(
    { ...base, schedules: [s] },
    {
      nowMs: Date.parse('2026-03-04T19:02:00Z'),
      locale: 'en-GB',
      localZone: 'Europe/Berlin',
    },
  );
  const texts = model.rows.flatMap((r) => r.segments.map((g) => g.text));
  expect(texts.length).toBeGreaterThan(0);
  for (const t of texts) expect(t).toMatch(/^unknown \(not read: no API key for Acme\)/);
});
