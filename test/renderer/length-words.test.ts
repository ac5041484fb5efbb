// One wording of a length on every surface, form inputs included (adv47 round 9, #2): Settings → Reminders said
// "1 day before" and the override's Length select "1 day / 2 days / 1 week" while the reminder that lead makes said
// "On call in 1 d" and the preview under the select "· 1 d". The select's options and the lead times are worded by
// the formatter, as the notice and the preview word the same length.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDuration } from '../../electron/shared/format';
import { formatChosenLength } from '../../renderer/src/lib/time-input';
import { MINUTE_MS } from '../../electron/shared/time';
import { leadTimeLabel } from '../../renderer/src/lib/settings-form';
import { LENGTHS } from '../../renderer/src/lib/time-input';

const FC_RUNS = Number(process.env['FC_RUNS'] ?? 80);

describe('a length chosen in a form', () => {
  it("reads in the Length select as the preview's formatDuration words it", () => {
    for (const o of LENGTHS.filter((l) => l.value !== 'end')) {
      expect(o.label).toBe(formatDuration(Number(o.value) * MINUTE_MS));
      expect(o.label).not.toMatch(/\b(days?|weeks?)\b/);
    }
    expect(LENGTHS.find((l) => l.value === '1440')?.label).toBe('1 d');
    expect(LENGTHS.find((l) => l.value === '10080')?.label).toBe('7 d');
  });

  it('reads in Settings → Reminders as the reminder it makes says it ("On call in 1 d"), minutes kept', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 14 * 24 * 60 }), (min) => {
        const label = leadTimeLabel(min);
        expect(label).not.toMatch(/\b(days?|weeks?)\b/);
        // Whole hours (all a notice's countdown at the lead says): the notice's words exactly.
        if (min % 60 === 0 || min < 24 * 60) expect(label).toBe(formatDuration(min * MINUTE_MS));
        else expect(label.startsWith(`${formatDuration(min * MINUTE_MS)} `)).toBe(true);
        expect(formatChosenLength(min * MINUTE_MS)).toBe(label);
      }),
      { numRuns: FC_RUNS },
    );
    expect(leadTimeLabel(24 * 60 + 150)).toBe('1 d 2 h 30 min');
  });
});
