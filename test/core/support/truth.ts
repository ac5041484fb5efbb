// Ground truth for reminder tests, read straight from the simulator (its rotation engine), not from the core.
import { createClient } from '../../../electron/api/client';
import type { RunningSimulator } from '../../../electron/simulator/server';

export interface Block {
  scheduleId: string;
  startMs: number;
  endMs: number;
}

const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

/** My on-call blocks (back-to-back shifts joined) per schedule, over [fromMs, toMs). */
export async function myBlocks(
  sim: RunningSimulator,
  scheduleIds: string[],
  email: string,
  fromMs: number,
  toMs: number,
): Promise<Block[]> {
  const client = createClient({ baseUrl: sim.url, getApiKey: () => sim.apiKey });
  const blocks: Block[] = [];
  try {
    for (const id of scheduleIds) {
      const shifts = await client.listAllShifts(id, { from: iso(fromMs), to: iso(toMs) });
      if (!shifts.ok) throw new Error(shifts.error.message);
      if (shifts.value.holes.length > 0) throw new Error(`unreadable shifts in ${id}`);
      for (const s of shifts.value.shifts) {
        if (!s.users.some((u) => u.email === email)) continue;
        const startMs = Date.parse(s.start);
        const endMs = Date.parse(s.end);
        const last = blocks.at(-1);
        if (last && last.scheduleId === id && last.endMs === startMs) last.endMs = endMs;
        else blocks.push({ scheduleId: id, startMs, endMs });
      }
    }
  } finally {
    client.close();
  }
  return blocks;
}

export interface Expected {
  id: string;
  atMs: number;
}

/** The reminders default settings plan for these blocks, due in (fromMs, toMs]: leads of 1 day and 15 min, start, end. */
export function expectedReminders(blocks: Block[], fromMs: number, toMs: number): Expected[] {
  const out: Expected[] = [];
  for (const b of blocks) {
    const group = `shift:${b.scheduleId}:${iso(b.startMs)}`;
    const items = [
      { id: `${group}:lead1440`, atMs: b.startMs - 24 * 3_600_000 },
      { id: `${group}:lead15`, atMs: b.startMs - 15 * 60_000 },
      { id: `${group}:start`, atMs: b.startMs },
      // "Shift ended" only where my on-call time ends: not where another block of mine (any schedule) touches or
      // overlaps this one's end and goes on past it (docs/reminders-and-alarms.md).
      ...(blocks.some((o) => o !== b && o.startMs <= b.endMs && o.endMs > b.endMs)
        ? []
        : [{ id: `shift:${b.scheduleId}:end:${iso(b.endMs)}`, atMs: b.endMs }]),
    ];
    out.push(...items.filter((i) => i.atMs > fromMs && i.atMs <= toMs));
  }
  return out.sort((a, b) => a.atMs - b.atMs || a.id.localeCompare(b.id));
}
