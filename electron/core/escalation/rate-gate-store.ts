// A phone server's Retry-After wait (rate-gate.ts) kept on disk (`phone-waits.json`, by channel hash: no secret), so
// a restart doesn't forget it and hammer the server again (fix50m #4). Checked on read like every file: a wait that
// is over, or one beyond MAX_RETRY_AFTER_MS from now (a clock moved, a file edited), is dropped.
import { z } from 'zod';
import type { Clock, FileStore } from '../ports';
import { MAX_RETRY_AFTER_MS, type RateGate } from './rate-gate';

export const RATE_WAITS_FILE = 'phone-waits.json';

const WaitsSchema = z.object({
  version: z.literal(1),
  waits: z.record(z.string().regex(/^ch[A-Za-z0-9]{1,40}$/), z.number().finite()),
});

export interface RateGates {
  /** The gate of one channel (PhoneProvider.channel): every provider of it shares the wait. */
  gateFor: (channel: string) => RateGate;
  /** Reads the file (once, before any provider is made). */
  load: () => Promise<void>;
  /** Resolves when the writes started so far are done. */
  settled: () => Promise<void>;
}

export function createRateGates(files: FileStore, clock: Clock): RateGates {
  const waits = new Map<string, number>();
  let writing: Promise<void> = Promise.resolve();
  const believable = (ms: number) => ms > clock.now() && ms <= clock.now() + MAX_RETRY_AFTER_MS;
  const save = () => {
    const kept = Object.fromEntries([...waits].filter(([, ms]) => ms > clock.now()));
    const text = JSON.stringify({ version: 1, waits: kept });
    writing = writing.then(() => files.writeAtomic(RATE_WAITS_FILE, text)).catch(() => undefined);
  };
  return {
    gateFor: (channel) => ({
      get untilMs() {
        return waits.get(channel);
      },
      set untilMs(ms: number | undefined) {
        if (ms === undefined) waits.delete(channel);
        else waits.set(channel, ms);
        save();
      },
    }),
    async load() {
      const text = await files.read(RATE_WAITS_FILE).catch(() => undefined);
      if (text === undefined) return;
      let raw: unknown;
      try {
        raw = JSON.parse(text);
      } catch {
        return;
      }
      const parsed = WaitsSchema.safeParse(raw);
      if (!parsed.success) return;
      for (const [channel, ms] of Object.entries(parsed.data.waits)) if (believable(ms)) waits.set(channel, ms);
    },
    settled: () => writing,
  };
}
