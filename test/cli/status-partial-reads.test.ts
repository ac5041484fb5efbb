// `npm run status` against a raw fake service that answers in part: a coverage request that can't be read, one on a
// schedule that failed, a shift without its people, a schedule without the fields the spec doesn't require. What a
// user must never read: "none pending", "nobody on call", "Sync: ok" or exit 0 about what wasn't read.
import { describe, expect, it } from 'vitest';
import { meta, schedule, shift, user } from '../api/support/fixtures';
import { useFakeService } from './support/fake-service-runs';
import { runStatus } from './support/run-status';

const KEY = 'ocs_cli_partial_key';
const rig = useFakeService('oncall-status-partial-');

const status = (ids = ['sch_a', 'sch_b']) => runStatus(rig.args(ids), { ONCALL_API_KEY: KEY });

const wire = (ms: number): string => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
const hours = (h: number): string => wire(Date.now() + h * 3_600_000);
const request = (id: string, scheduleId: string, window: { start: string; end: string }) => ({
  id,
  user: user(2),
  reason: 'Dentist',
  status: 'pending',
  shifts: [{ ...window, schedule_reference: { id: scheduleId, name: `Schedule ${scheduleId}` } }],
});

describe('coverage requests the app could not read are counted, never dropped', () => {
  it('a request asking me with its window reversed: "1 request couldn\'t be read", not "none pending", exit 4', async () => {
    const reversed = request('cov_rev', 'sch_a', { start: hours(30), end: hours(20) });
    rig.svc.fault('coverage', { status: 200, json: { coverage_requests: [reversed], meta: meta(1, 1, 100) } });
    const run = await status();
    expect(run.stdout).toContain("Coverage requests: 1 request couldn't be read (shifts.0 ends before it starts)");
    expect(run.stdout).not.toContain('none pending');
    expect(run.stdout).not.toMatch(/^Sync: ok/m);
    expect(run.stdout).toMatch(/^Sync: partial: Couldn't read 1 coverage request/m);
    expect(run.code).toBe(4);
  });

  it('one unreadable request does not hide a readable one asking me', async () => {
    const readable = request('cov_ok', 'sch_a', { start: hours(20), end: hours(30) });
    const noStatus = { ...request('cov_bad', 'sch_a', { start: hours(40), end: hours(50) }), status: undefined };
    rig.svc.fault('coverage', {
      status: 200,
      json: { coverage_requests: [noStatus, readable], meta: meta(2, 1, 100) },
    });
    const run = await status();
    expect(run.stdout).toContain('asking you (1; 1 unreadable):');
    expect(run.stdout).toContain("1 request couldn't be read (status is missing or unreadable)");
    expect(run.code).toBe(4);
  });

  it('a request on a schedule that failed to load: whether it asks me is unknown, so it is named, not "none pending"', async () => {
    rig.svc.fault('schedule', { status: 503, json: { message: 'down' } }, 'sch_b');
    rig.svc.fault('coverage', {
      status: 200,
      json: {
        coverage_requests: [request('cov_b', 'sch_b', { start: hours(20), end: hours(30) })],
        meta: meta(1, 1, 100),
      },
    });
    const run = await status();
    expect(run.stdout).toContain("1 request couldn't be read (its schedule (Schedule sch_b) couldn't be loaded)");
    expect(run.stdout).not.toContain('none pending');
    expect(run.code).toBe(4);
  });
});

describe('answers the spec allows are read, and what they leave out is unknown', () => {
  it('a shift without its people is a hole: "now: unknown", never "nobody on call", and the sync says what it could not read', async () => {
    const peopleless = { start: hours(-1), end: hours(7) };
    const next = shift(hours(7), hours(31), [user(2)]);
    rig.svc.fault('shifts', { status: 200, json: { shifts: [peopleless, next], meta: meta(2, 1, 100) } }, 'sch_a');
    // The details' current shift is the same unreadable one: only a fallback, read as absent.
    rig.svc.fault(
      'schedule',
      { status: 200, json: { schedule: { ...schedule(), name: 'Schedule sch_a', current_oncall_shift: peopleless } } },
      'sch_a',
    );
    const run = await status(['sch_a']);
    const section = run.stdout.split('\n\n').find((b) => b.startsWith('Schedule sch_a')) ?? '';
    expect(section).toContain('  now:  unknown');
    expect(section).not.toContain('nobody');
    expect(run.stdout).toMatch(/^Sync: partial: Couldn't read some shifts of Schedule sch_a/m);
    expect(run.stdout).toMatch(/^Your next shift: unknown \(some shifts of Schedule sch_a couldn't be read\)/m);
    expect(run.code).toBe(4);
  });

  it('a schedule without name, revision or layer fields is read (its id shown), not refused as "unexpected answer"', async () => {
    const { name: _name, current_revision: _revision, ...rest } = { ...schedule(), layers: [{}] };
    rig.svc.fault('schedule', { status: 200, json: { schedule: rest } }, 'sch_a');
    const run = await status(['sch_a']);
    expect(run.stdout).toMatch(/^sch_a \[sch_a\] \(Berlin\) — fresh/m);
    expect(run.code).toBe(0);
  });
});
