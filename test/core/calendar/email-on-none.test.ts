// Issue 47 (adv47 r28 #1): my e-mail names no one on an account's schedules (every schedule lists its people, none is
// me). Every surface says my shifts there are unknown and why; the calendar says the same of those schedules' blocks
// (unknown rather than free, with the reason the state gives) and claims no "known until" for them. A subscribed
// calendar that said "known until …" with no events showed me free, as known.
import { expect, it } from 'vitest';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';
import { SettingsSchema } from '../../../electron/shared/settings';
import { twoServices } from '../engine/support/two-services';

const MIN = 60_000;
const START = Date.parse('2026-03-10T09:30:00Z');

/** The calendar's description line, unfolded (RFC 5545 folds long lines) and unescaped. */
function descriptionOf(ics: string): string {
  const line =
    ics
      .replace(/\r?\n /g, '')
      .split(/\r?\n/)
      .find((l) => l.startsWith('X-WR-CALDESC:')) ?? '';
  return line.slice('X-WR-CALDESC:'.length).replace(/\\([,;\\])/g, '$1');
}

it('one account, my e-mail on none of its schedules: the .ics calls their blocks unknown, with the reason', async () => {
  const seed = seedOf([
    {
      id: 'sch_quiet',
      name: 'Quiet',
      zone: 'Etc/UTC',
      rotationStart: '2026-03-01T09:00:00Z',
      userIds: ['usr_alice', 'usr_bob'],
      length: { amount: 1, unit: 'days' },
    },
  ]);
  const h = await createHarness({ startMs: START, seed });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_quiet'] });
  const engine = h.engine({ alarms: false });
  await engine.start();
  await h.clock.advance(MIN);
  const state = engine.getState();
  // The world is the one meant: the read lists Quiet's people, and my e-mail names none of them.
  const reason = state.notices.find((n) => n.unmatched !== undefined)?.unmatched ?? '';
  expect(reason).toContain(`has the e-mail ${ME}`);
  const ics = await engine.calendar(7);
  const description = descriptionOf(ics);
  expect(ics).not.toContain('BEGIN:VEVENT');
  expect(description).not.toContain('known until');
  expect(description).toContain(`Unknown rather than free: Quiet (not read: ${reason}).`);
});

it("two services, Work's e-mail on none of Work's schedules: Work's blocks unknown, Acme's known", async () => {
  const s = await twoServices(START);
  const h = s.harness;
  const stored = SettingsSchema.parse(JSON.parse((await h.files.read('settings.json')) ?? '{}'));
  const accounts = stored.accounts.map((a) => (a.id === 'work' ? { ...a, email: 'zed@example.com' } : a));
  await h.files.writeAtomic('settings.json', JSON.stringify({ ...stored, accounts }));
  await s.engine.start();
  await h.clock.advance(MIN);
  const reason = s.engine.getState().notices.find((n) => n.accountId === 'work' && n.unmatched)?.unmatched ?? '';
  expect(reason).toContain('has the e-mail zed@example.com');
  const ics = await s.engine.calendar(7);
  const description = descriptionOf(ics);
  expect(description).toContain(`Unknown rather than free: Work · Platform primary (not read: ${reason}).`);
  // Acme is read and has me (erin): its blocks are events, and the known-until stays (from Acme alone).
  expect(description).toMatch(/Shifts are known until [^.]* on Acme · Platform primary, as far as the app could/);
  expect(ics).toContain('SUMMARY:On call: Acme · Platform primary');
  expect(ics).not.toContain('SUMMARY:On call: Work');
}, 60_000);
