// Away mode: while an item's outcome is unknown, main looks for it again every RECHECK_MS until the schedule shows
// the truth. A look whose new state could not be saved to disk (a failed write of handoff.json, as an antivirus lock
// or a full disk gives) changes what is said, never stops that loop: the next look still comes. It stopped there,
// so the item stayed "checking again soon" for good.
import { describe, expect, it } from 'vitest';
import { createHandoff, RECHECK_MS } from '../../../electron/core/handoff/controller';
import type { ResponseOf } from '../../../electron/shared/ipc-contract';
import { accountIdOf } from '../../../electron/shared/accounts';
import { appState, schedule } from '../../renderer/support/state';
import { FakeClock } from '../support/fake-clock';
import { MemoryFileStore } from '../support/memory-file-store';
import { modelHeld } from './support/model-held';

const NOW = Date.parse('2026-03-04T12:00:00Z');
const row = {
  accountId: accountIdOf('main'),
  accountLabel: 'Work',
  scheduleId: 'sch_a',
  scheduleName: 'A',
  timeZone: 'Europe/Berlin',
  start: '2026-03-05T09:00:00Z',
  end: '2026-03-05T17:00:00Z',
  others: [],
};

/** A disk whose writes fail while `failing` is set. */
class FlakyFiles extends MemoryFileStore {
  failing = false;
  override async writeAtomic(name: string, text: string): Promise<void> {
    if (this.failing) throw new Error('EPERM: operation not permitted, rename');
    await super.writeAtomic(name, text);
  }
}

describe('the look-again loop of an unknown hand-off item', () => {
  it('goes on after a look whose result could not be saved, and ends in what the schedule shows', async () => {
    const clock = new FakeClock(NOW);
    const files = new FlakyFiles();
    // The write lands but its answer is lost; the schedule can't be read at first, then shows it.
    let readable = false;
    const create = async (): Promise<ResponseOf<'override:create'>> => ({
      ok: false,
      error: { kind: 'outcome_unknown', message: 'No answer.' },
    });
    const look = async () => (readable ? ('covered' as const) : undefined);
    const handoff = createHandoff({
      clock,
      files,
      // Schedule A watched, with its people (a Retry checks both: send-gate.ts).
      state: () => appState({ schedules: [schedule({ id: 'sch_a' })] }),
      planFor: () => ({ from: '', to: '', rows: [row], excluded: [] }),
      create,
      look,
      held: modelHeld(),
    });
    await handoff.start();
    await handoff.create([{ ...row, email: 'cy@example.com' }]);
    expect(handoff.status().run?.items[0]?.state).toBe('unknown');

    files.failing = true;
    await clock.advance(RECHECK_MS);
    await handoff.idle();
    files.failing = false;
    readable = true;
    await clock.advance(RECHECK_MS);
    await handoff.idle();
    expect(handoff.status().run?.items[0]?.state).toBe('handed_off');
  });
});
