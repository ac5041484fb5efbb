// Adversarial round 4 (minor): a shift longer than the app can read (400 days) was cut at the read's end, and take
// over compared the end the offer showed with that cut: "Bob is now on call until 19 Mar 2027, 08:00, not 6 Apr
// 2027, 10:00", a change that never happened. A shift that runs past the read is said as such: its end can't be
// checked, nothing is sent; one that ends inside the read is still compared as before.
import { describe, expect, it } from 'vitest';
import { changedSinceSeen } from '../../../electron/core/actions/take-over-seen';

const bob = { id: 'usr_bob', name: 'Bob Stone', email: 'bob@example.com' };
const NOW = Date.parse('2026-03-20T10:00:00Z');
const READ_END = Date.parse('2027-03-19T08:00:00Z');
const TRUE_END = '2027-04-06T08:00:00Z';
const cut = { startMs: NOW - 3_600_000, endMs: READ_END, users: [bob], emails: [bob.email], key: 'usr_bob' };
const at = { nowMs: NOW, zone: 'Europe/Berlin', me: 'me@example.com', readEndMs: READ_END };

describe("take over: the offer's end against a shift read only in part", () => {
  it('runs past the read: never "until <the read end>, not <its true end>"; said as not checkable, nothing sent', () => {
    const said = changedSinceSeen({ onCall: [bob.email], until: TRUE_END }, cut, at);
    expect(said).toMatch(/^Bob Stone's shift runs past what the app can read \(until at least .*2027.*\), so /);
    expect(said).not.toMatch(/not 6 Apr/);
  });

  it('ends inside the read: a grown or shrunk shift is still said with both ends', () => {
    const end = Date.parse('2026-03-21T08:00:00Z');
    const seg = { ...cut, endMs: end };
    expect(changedSinceSeen({ onCall: [bob.email], until: '2026-03-21T08:00:00Z' }, seg, at)).toBeUndefined();
    expect(changedSinceSeen({ onCall: [bob.email], until: '2026-03-21T12:00:00Z' }, seg, at)).toMatch(
      /^Changed since you planned it: Bob Stone is now on call until .*, not /,
    );
  });
});
