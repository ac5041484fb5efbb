// "Rung and not acknowledged": the one rule every surface asks (the tray's and popover's alarm line, the file poll
// that waits for a terminal's answer, `status --ack`). It is judged over the target — my block as last read, with
// its end as read — never over the end saved in the alarm record, which is only what the shift's end was when it
// rang (adv52 r38: a block cut short after the ring was still acknowledged from a terminal; one extended was not).
import type { AlarmRecord } from './types';

/** The alarm of `target` rang, is neither acknowledged nor passed, and its shift (as read) still runs at `nowMs`. */
export function waitsForAnswer(target: { endMs: number }, rec: AlarmRecord | undefined, nowMs: number): boolean {
  return (
    rec?.rungAtMs !== undefined && rec.ackedAtMs === undefined && rec.passedAtMs === undefined && target.endMs > nowMs
  );
}
