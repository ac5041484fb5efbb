// Issue 47, round 12 #1: the quick override form's preview over the registry, in the generated worlds of 2–3
// accounts (some with a hole in a read). Each account's form asks "I cover [now + 12 h, now + 24 h) on Platform"; the
// registry plans it with the real core and words it as the form does. The oracle is the world: who is on call in that
// slot (me, Alice or Bob), whether the account's read failed (saved data from 10:00 Berlin) and whether the service
// sent that slot unreadable. Every statement the form makes about who is on call then:
//   - from a failed read says "saved data from 10:00" (never a bare "Replaces Alice" or "no one is on call then");
//   - from a fresh read says nothing of saved data;
//   - over a slot not read says it is unknown, never whom it replaces or that I am already on call.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { serviceSettings } from '../../../electron/shared/settings';
import { everyText } from '../../support/text-registry';
import type { AccountPreview } from '../../support/text-registry-preview';
import {
  accountOf,
  combined,
  HOUR,
  iso,
  NOW,
  PROPERTY_TIMEOUT_MS,
  settingsOf,
  snapshotFor,
  ZONE,
  type AccountWorld,
} from '../state/support/accounts-world';
import { failed, localTime, worldsArb } from './world-run';

const NUM_RUNS = Number(process.env['FC_RUNS'] ?? 15);
/** The slot asked about: [now + 12 h, now + 24 h). */
const SLOT = 2;
const EMAILS = ['me@example.com', 'alice@example.com', 'bob@example.com'];

function previewsOf(world: readonly AccountWorld[]): AccountPreview[] {
  const settings = settingsOf(world);
  return world.flatMap((w, i) => {
    const account = accountOf(i, w);
    if (w.condition === 'half') return [];
    return [
      {
        accountId: account.id,
        scheduleId: 'sch_a',
        scheduleName: `${account.label} · Platform`,
        window: { start: iso(NOW + (SLOT - 1) * 12 * HOUR), end: iso(NOW + SLOT * 12 * HOUR) },
        emails: [],
        snapshot: snapshotFor(w),
        settings: serviceSettings(settings, account),
        nowMs: NOW,
        localZone: ZONE,
      },
    ];
  });
}

function check(world: readonly AccountWorld[]): void {
  const said = everyText({ state: combined(world), nowMs: NOW, localZone: ZONE, previews: previewsOf(world) });
  const forms = said.filter((s) => s.surface === 'form-preview');
  for (const [i, w] of world.entries()) {
    if (w.condition === 'half') continue;
    const id = accountOf(i, w).id;
    const mine = forms.filter((s) => s.accountId === id);
    const where = (t: string) => `${id} (${w.condition}, hole ${JSON.stringify(w.hole)}): ${t}`;
    expect(mine.length, where('said nothing')).toBeGreaterThan(0);
    const unread = w.hole?.schedule === 0 && w.hole.slot === SLOT;
    const who = w.slots[0][SLOT] ?? 0;
    const about = mine.filter((s) => s.kind === 'replaces' || s.kind === 'already' || s.kind === 'drop');
    expect(about.length, where('no statement of who is on call')).toBeGreaterThan(0);
    for (const s of about) {
      expect(s.text, where(s.text)).not.toMatch(/no one is on call then/);
      if (unread) {
        expect(s.kind, where(s.text)).toBe('replaces');
        expect(s.text, where(s.text)).toMatch(/^Replaces: unknown/);
        continue;
      }
      if (failed(w)) expect(s.text, where(s.text)).toContain('saved data from 10:00');
      else expect(s.text, where(s.text)).not.toMatch(/saved data/);
      if (s.kind === 'replaces') expect(s.text, where(s.text)).toContain(`Replaces ${EMAILS[who]}`);
      if (s.kind === 'already') expect(who, where(s.text)).toBe(0);
    }
  }
}

describe('issue 47 round 12 #1: the override form preview over the registry', () => {
  it(
    'says whom it replaces with the basis it rests on, in generated worlds of 2–3 accounts (holes, outages)',
    () => {
      expect(localTime(NOW - 3 * HOUR)).toBe('10:00');
      fc.assert(
        fc.property(worldsArb, (world) => check(world)),
        { numRuns: NUM_RUNS, seed: Number(process.env['FC_SEED'] ?? 47) },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});
