// adv52 r16 #1: the record key is shared by every store of the process (recordSignerOf), and the one made at the
// first start stayed `fresh` for the process's life: a store made again later (a settings save, the engine started
// again) took any entry without a MAC as the app's and signed it. Only each file's first read takes them in.
// Failed before: the second read of each file vouched for an unsigned entry.
import { describe, expect, it } from 'vitest';
import { ALARMS_FILE } from '../../../electron/core/alarm/alarm-records';
import { RUNS_FILE } from '../../../electron/core/alarm/alarm-runs';
import { ESCALATIONS_FILE } from '../../../electron/core/escalation/record-store';
import { REMINDERS_FILE } from '../../../electron/core/storage/fired-read';
import { afterFirstRead, recordSignerOf, vouches } from '../../../electron/core/storage/record-key';
import { MemorySecrets } from '../support/engine-harness';

const FILES = [ALARMS_FILE, RUNS_FILE, ESCALATIONS_FILE, REMINDERS_FILE];

describe('a new record key takes entries without a MAC once per file', () => {
  it('a later store of the same process gets no unsigned entry vouched for', async () => {
    const secrets = new MemorySecrets();
    const first = await recordSignerOf(secrets, () => undefined);
    expect(first?.fresh).toBe(true);
    if (first === undefined) return;
    for (const file of FILES) expect(vouches(first, file, 'k', { at: 1 }, undefined)).toBe(true);
    for (const file of FILES) afterFirstRead(first, file);
    const later = await recordSignerOf(secrets, () => undefined);
    expect(later).toBeDefined();
    if (later === undefined) return;
    for (const file of FILES) {
      expect(vouches(later, file, 'k', { at: 1 }, undefined)).toBe(false);
      expect(vouches(later, file, 'k', { at: 1 }, later.sign(file, 'k', { at: 1 }))).toBe(true);
    }
    // A file not read yet this process is still the migration's.
    expect(vouches(later, 'calendar-export.json', 'k', { at: 1 }, undefined)).toBe(true);
  });
});
