// Issue 52: a data folder that can't be written while a hand-off is open (a full disk, a read-only synced folder).
// Each item is on disk before its write leaves; when that save fails, the item is not sent and says why, so the
// form leaves "Being sent…" / "Waiting to be sent" at once, Close works, Retry sends once the folder is writable,
// and nothing is told as sent when no request left. It stayed "Being sent…" for good, Close refused ("still being
// checked") and Create all refused ("still open").
import { describe, expect, it } from 'vitest';
import { createHandoff } from '../../../electron/core/handoff/controller';
import { HANDOFF_FILE } from '../../../electron/core/handoff/store';
import type { RequestOf, ResponseOf } from '../../../electron/shared/ipc-contract';
import { accountIdOf } from '../../../electron/shared/accounts';
import { appState, schedule } from '../../renderer/support/state';
import { FakeClock } from '../support/fake-clock';
import { MemoryFileStore } from '../support/memory-file-store';
import { modelHeld } from './support/model-held';

const NOW = Date.parse('2026-03-04T12:00:00Z');
const rowAt = (day: number) => ({
  accountId: accountIdOf('main'),
  accountLabel: 'Work',
  scheduleId: 'sch_a',
  scheduleName: 'A',
  timeZone: 'Europe/Berlin',
  start: `2026-03-0${day}T09:00:00Z`,
  end: `2026-03-0${day}T17:00:00Z`,
  others: [],
});
const ROWS = [rowAt(5), rowAt(6), rowAt(7)];

/** Writes (and removals) refused as a read-only folder refuses them, while `failing` is set; `after` lets that
 *  many writes through first. */
class ReadOnlyFiles extends MemoryFileStore {
  readonly location = '/home/me/.config/OnCall Tray';
  failing = true;
  after = 0;
  override async writeAtomic(name: string, text: string): Promise<void> {
    if (this.failing && this.after-- <= 0)
      throw Object.assign(new Error('EROFS: read-only file system'), { code: 'EROFS' });
    await super.writeAtomic(name, text);
  }
  override async remove(name: string): Promise<void> {
    if (this.failing) throw Object.assign(new Error('EROFS: read-only file system'), { code: 'EROFS' });
    await super.remove(name);
  }
}

function rig(files: ReadOnlyFiles) {
  const sent: RequestOf<'override:create'>[] = [];
  const create = async (r: RequestOf<'override:create'>): Promise<ResponseOf<'override:create'>> => {
    sent.push(r);
    return { ok: true, value: { status: 'created_unconfirmed', message: '' } };
  };
  const handoff = createHandoff({
    clock: new FakeClock(NOW),
    files,
    // Schedule A watched, with its people (a Retry checks both: send-gate.ts).
    state: () => appState({ schedules: [schedule({ id: 'sch_a' })] }),
    planFor: () => ({ from: '', to: '', rows: ROWS, excluded: [] }),
    create,
    look: async () => 'not_covered' as const,
    held: modelHeld(),
  });
  return { handoff, sent };
}

const items = ROWS.map((r) => ({ scheduleId: r.scheduleId, start: r.start, end: r.end, email: 'ada@example.com' }));

describe('a hand-off whose plan cannot be saved', () => {
  it('sends nothing, says each shift was not sent and why, and can be closed', async () => {
    const files = new ReadOnlyFiles();
    const { handoff, sent } = rig(files);
    await handoff.start();
    const answer = await handoff.create(items);
    expect(sent).toEqual([]);
    expect('run' in answer && answer.run?.items.map((i) => i.state)).toEqual(['not_sent', 'not_sent', 'not_sent']);
    const status = handoff.status();
    expect(status.said?.summary).toMatch(/^0 of 3 handed off · 3 not sent: /);
    expect(status.said?.summary).not.toMatch(/being sent|waiting/);
    expect(status.notice).toBe(
      "The hand-off couldn't be saved to /home/me/.config/OnCall Tray (the disk is read-only), so nothing more was sent: " +
        'a write the app could not record might be sent twice after a restart. Retry once the folder can be written, ' +
        'close this hand-off, or copy your shifts as a message (Ask for cover).',
    );
    expect(status.said?.canRetry).toBe(true);
    const closed = await handoff.dismiss();
    expect('run' in closed && closed.run).toBeNull();
  });

  it('stops at the first write it cannot record: what was sent is told as sent, the rest as not sent', async () => {
    const files = new ReadOnlyFiles();
    // The plan, the first item's "sending" and its answer are saved; then the folder turns read-only.
    files.after = 3;
    const { handoff, sent } = rig(files);
    await handoff.start();
    await handoff.create(items);
    expect(sent).toHaveLength(1);
    expect(handoff.status().run?.items.map((i) => i.state)).toEqual(['handed_off', 'not_sent', 'not_sent']);
    expect(handoff.status().said?.summary).toMatch(/^1 of 3 handed off · 2 not sent: /);
  });

  it('sends the rest on Retry once the folder can be written, each once', async () => {
    const files = new ReadOnlyFiles();
    const { handoff, sent } = rig(files);
    await handoff.start();
    await handoff.create(items);
    await handoff.retry();
    expect(sent).toEqual([]);
    files.failing = false;
    await handoff.retry();
    expect(sent).toHaveLength(3);
    expect(handoff.status().run?.items.every((i) => i.state === 'handed_off')).toBe(true);
    expect(handoff.status().notice).toBeNull();
    expect(await files.read(HANDOFF_FILE)).toBeUndefined();
  });
});
