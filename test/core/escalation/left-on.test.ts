// escalations.json's additions for issue 50 read back as claims (issue 52's rule): where a booking lives (`ch`, a
// hash), Pushover's receipts and what is left on a channel no longer used. An entry the app could not have written
// is dropped and said; a receipt or a leftover too old to matter is let go quietly. And the move of what another
// channel holds to `leftOn` (left-on.ts), the step that makes "New topic" cancel the old topic's bookings.
import { describe, expect, it } from 'vitest';
import { adoptLeftOn } from '../../../electron/core/escalation/left-on';
import { alertIdOf, sortEscalations, type EscalationState } from '../../../electron/core/escalation/record-store';
import { channelIdOf } from '../../../electron/core/escalation/secret';

const MIN = 60_000;
const NOW = Date.parse('2026-03-10T08:00:00Z');
const KEY = 'alarm:https://oncall.example.com:sch_ops:2026-03-10T09:00:00Z';
/** A shift that started 3 min ago: its alert can have been sent now (one starting at 09:00 could not, adv52 r5). */
const SENT_KEY = 'alarm:https://oncall.example.com:sch_ops:2026-03-10T07:57:00Z';
const KEY2 = 'alarm:https://oncall.example.com:sch_ops:2026-03-11T09:00:00Z';
const OLD = channelIdOf(['ntfy', 'https://ntfy.sh', 'oncall-old-topic-xxxxxxxxxxxxxxx']);
const NEW = channelIdOf(['ntfy', 'https://ntfy.sh', 'oncall-new-topic-xxxxxxxxxxxxxxx']);

describe('escalations.json: channels, receipts and leftovers read back', () => {
  it('keeps what the app writes, drops what it could not have written, and says why', () => {
    const sorted = sortEscalations(
      {
        version: 1,
        booked: { [KEY]: { id: alertIdOf(KEY), atMs: NOW + 63 * MIN, ch: 'ch../evil' } },
        sent: { [SENT_KEY]: NOW },
        receipts: {
          [SENT_KEY]: { receipt: 'r'.repeat(30), ch: NEW },
          'alarm:x:2026-03-10T09:00:00Z': { receipt: 'r', ch: NEW },
        },
        leftOn: [
          { key: KEY, atMs: NOW + 63 * MIN, ch: OLD },
          { key: KEY, atMs: NOW + 63 * MIN, ch: OLD, receipt: 'a/b' },
          { key: KEY, atMs: NOW - MIN, ch: OLD },
        ],
      },
      NOW,
    );
    expect(sorted.state.booked).toEqual({});
    expect(sorted.state.receipts).toEqual({ [SENT_KEY]: { receipt: 'r'.repeat(30), ch: NEW } });
    // The past leftover can't ring any more: let go without a word.
    expect(sorted.state.leftOn).toEqual([{ key: KEY, atMs: NOW + 63 * MIN, ch: OLD }]);
    expect(sorted.dropped).toEqual([
      'a booking the app did not make',
      'a receipt the app did not keep',
      'a booking the app did not make',
    ]);
  });

  it('a file of before (no ch) is the channel in use; what another channel holds moves to leftOn', () => {
    const state: EscalationState = {
      version: 1,
      booked: {
        [KEY]: { id: alertIdOf(KEY), atMs: NOW + 63 * MIN },
        [KEY2]: { id: 'x', atMs: NOW + 24 * 60 * MIN, ch: OLD },
      },
      sent: { 'alarm:a:2026-03-10T07:00:00Z': NOW - 40 * MIN },
      receipts: { 'alarm:a:2026-03-10T07:00:00Z': { receipt: 'r1', ch: OLD } },
    };
    expect(adoptLeftOn(state, NEW, NOW)).toBe(0);
    expect(state.booked).toEqual({ [KEY]: { id: alertIdOf(KEY), atMs: NOW + 63 * MIN, ch: NEW } });
    expect(state.receipts).toEqual({});
    expect(state).toMatchObject({
      leftOn: [
        { key: KEY2, atMs: NOW + 24 * 60 * MIN, ch: OLD },
        // Pushover's emergency repeats for 30 min after it was sent: cancelled until then.
        { key: 'alarm:a:2026-03-10T07:00:00Z', atMs: NOW - 10 * MIN, ch: OLD, receipt: 'r1' },
      ].filter((e) => e.atMs > NOW),
    });
    // Phone escalation off: everything is left on the channel it was booked on.
    expect(adoptLeftOn(state, undefined, NOW)).toBe(0);
    expect(state.booked).toEqual({});
    expect(state.leftOn?.map((e) => e.ch)).toEqual([OLD, NEW]);
  });

  it('a sent alert whose answer was lost (no receipt) on another channel is stopped there by its tag, and named to send anew', () => {
    const SENT = 'alarm:a:2026-03-10T07:57:00Z';
    const state: EscalationState = {
      version: 1,
      booked: {},
      sent: { [SENT]: NOW - MIN, [KEY]: NOW },
      receipts: { [KEY]: { receipt: 'r2', ch: NEW } },
      unreceipted: { [SENT]: { id: alertIdOf(SENT), untilMs: NOW + 29 * MIN, ch: OLD } },
    };
    const stopped: string[] = [];
    expect(adoptLeftOn(state, NEW, NOW, stopped)).toBe(0);
    // Before, it stayed (its cancel on the laptop's ack then went with the new keys: adv50 r12 #1).
    expect(state.unreceipted).toBeUndefined();
    expect(state.leftOn).toEqual([{ key: SENT, atMs: NOW + 29 * MIN, ch: OLD }]);
    expect(stopped).toEqual([SENT]);
    expect(state.receipts).toEqual({ [KEY]: { receipt: 'r2', ch: NEW } });
  });
});
