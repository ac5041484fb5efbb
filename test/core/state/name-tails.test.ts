// Now-lines of schedules whose names differ only at the end (adv49 r22): main says where each name starts to differ
// from the others shown with it, so the popover keeps that part whole. The expected parts are written out by hand for
// the reported worlds; for generated names, the rule is checked against a brute-force reading of it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nameTailAt } from '../../../electron/core/state/name-tails';

const tails = (names: string[]) =>
  names.map((n, i) =>
    n.slice(
      nameTailAt(
        n,
        names.filter((_, j) => j !== i),
      ),
    ),
  );

describe('where a schedule name starts to differ from the others shown with it', () => {
  it('keeps the ending that tells names apart whole', () => {
    const gateway = ['Primary', 'Secondary', 'Shadow'].map((s) => `Customer Payments Gateway – ${s}`);
    expect(tails(gateway)).toEqual(['Primary', 'Secondary', 'Shadow']);
    const region = ['EU', 'US', 'APAC'].map((s) => `Checkout Platform Escalation ${s}`);
    expect(tails(region)).toEqual(['EU', 'US', 'APAC']);
    // Both worlds on one glance (two accounts): each still against the one most like it.
    expect(tails([...gateway, ...region])).toEqual(['Primary', 'Secondary', 'Shadow', 'EU', 'US', 'APAC']);
    // At a word start after any separator, never inside a word or an emoji's pair.
    expect(tails(['Ops-Team-Primary', 'Ops-Team-Secondary'])).toEqual(['Primary', 'Secondary']);
    expect(tails(['🔥 Payments 🅰', '🔥 Payments 🅱'])).toEqual(['🅰', '🅱']);
    expect(tails(['Team1 primary', 'Team2 primary'])).toEqual(['Team1 primary', 'Team2 primary']);
    // A name that is the start of another keeps its last word; names unlike the others are whole (cut at the end).
    expect(tails(['Platform Primary', 'Platform Primary Shadow'])).toEqual(['Primary', 'Primary Shadow']);
    expect(tails(['Platform primary', 'Payments US', 'Data Tokyo'])).toEqual([
      'Platform primary',
      'Payments US',
      'Data Tokyo',
    ]);
    expect(tails(['Alone'])).toEqual(['Alone']);
  });

  it('starts each kept part at a word start at or before where it differs from the name most like it', () => {
    const word = fc.constantFrom('Customer', 'Payments', 'Gateway', '–', 'EU', 'US', 'Primary', 'שירות', '🔥', 'a-b');
    const name = fc.array(word, { minLength: 1, maxLength: 6 }).map((w) => w.join(' '));
    fc.assert(
      fc.property(fc.uniqueArray(name, { minLength: 2, maxLength: 8 }), (names) => {
        names.forEach((n, i) => {
          const others = names.filter((_, j) => j !== i);
          const at = nameTailAt(n, others);
          // Brute force: the first index where n and o differ (o's end counts as a difference).
          const differ = (o: string) => [...Array(n.length).keys()].find((k) => n[k] !== o[k]) ?? n.length - 1;
          // Where it differs from the name most like it is kept (the others differ earlier, in the shared start).
          expect(at).toBeLessThanOrEqual(Math.max(...others.map(differ)));
          if (at > 0) expect(n[at - 1]).toMatch(/[\s\-–—/|:·,.()[\]_]/u);
        });
      }),
    );
  });
});
