// A phone server's Retry-After wait (rate-gate.ts) kept on disk (`phone-waits.json`, by channel hash: no secret), so
// a restart doesn't forget it and hammer the server again (fix50m #4). Read back like every file (issue 52,
// read-back.ts): a file not of its shape is kept aside and said, never silently overwritten; each wait is checked
// against what the app knows now — a channel the app has (the one in use, or one left), a time ahead yet no more
// than MAX_RETRY_AFTER_MS from now (a clock moved, a file edited) — and one that fails is dropped, said once, and the
// file kept aside before the app writes its own (adv52 r11 #1). A wait read back is marked `kept`: this run never
// received that 429, so it is worded as a wait kept from before the restart, never as the server's answer (#2).
// Each wait carries the app's MAC (record-key.ts, `macs` by channel), like every record file: one unsigned or forged
// (a file written by hand to hold the phone off for an hour) is dropped like any other false entry; the first start
// with a new key takes unsigned ones once and writes them back signed. The file's reading and writing is the one
// waits file (storage/waits-file.ts) the on-call service's waits use too.
import { z } from 'zod';
import type { Clock, FileStore } from '../ports';
import type { Notice } from '../storage/settings-store';
import type { RecordSigner } from '../storage/record-key';
import { createWaitsFile } from '../storage/waits-file';
import { MAX_RETRY_AFTER_MS, type RateGate } from './rate-gate';
import type { KnownChannels } from './record-store';
import { ledgerAt, probeLedger, type ProbeLedger } from './probe-ledger';

export const RATE_WAITS_FILE = 'phone-waits.json';
export const RATE_WAITS_NOTICE_ID = 'phone-waits';
const CHANNEL = /^ch[A-Za-z0-9]{1,40}$/;

/** Each ntfy channel's probes and publishes (probe-ledger.ts). Unsigned: an entry can't raise the probes past the
 *  code's own caps (one per 10 min, PROBE_DAY_MAX a day), and a time ahead of the clock is dropped when used. */
const LedgersSchema = z.record(
  z.string().regex(CHANNEL),
  z.object({
    probedMs: z.number().int().nonnegative().optional(),
    dayMs: z.number().int().nonnegative(),
    published: z.number().int().nonnegative().max(100_000),
    probes: z.number().int().nonnegative().max(100_000),
  }),
);

/** A ledger's fields as written (no `changed`). */
const ledgerRecord = (l: ProbeLedger): ProbeLedger => ({
  ...(l.probedMs !== undefined ? { probedMs: l.probedMs } : {}),
  dayMs: l.dayMs ?? 0,
  published: l.published,
  probes: l.probes,
});

export interface RateGates {
  /** The gate of one channel (PhoneProvider.channel): every provider of it shares the wait. */
  gateFor: (channel: string) => RateGate;
  /** Reads the file (once, before any provider is made); `channels`: the ones the app has (undefined: unknown). */
  load: (report?: (n: Notice) => void, channels?: KnownChannels) => Promise<void>;
  /** Resolves when the writes started so far are done. */
  settled: () => Promise<void>;
}

/** `signer`: the app's record key (none: no keychain, the waits are written and read unsigned as before). */
export function createRateGates(
  files: FileStore,
  clock: Clock,
  signer: () => Promise<RecordSigner | undefined> = () => Promise.resolve(undefined),
): RateGates {
  const waits = new Map<string, number>();
  /** Channels whose wait was read back from the file (not asked by the server in this run). */
  const kept = new Set<string>();
  const asked = new Map<string, number>(); // when each wait of this run was asked (rate-gate.ts waitingUntil)
  const ledgers = new Map<string, ProbeLedger>();
  let channels: KnownChannels;
  const save = () => file.save(waits);
  const side = {
    field: 'ledgers',
    schema: LedgersSchema,
    write: () => Object.fromEntries([...ledgers].map(([ch, l]) => [ch, ledgerRecord(l)])),
    read: (value: unknown, nowMs: number) => {
      const parsed = LedgersSchema.safeParse(value);
      for (const [ch, l] of Object.entries(parsed.success ? parsed.data : {}))
        if (channels === undefined || channels.has(ch)) ledgers.set(ch, ledgerAt({ ...l, changed: save }, nowMs));
    },
  };
  const file = createWaitsFile(
    files,
    clock,
    {
      file: RATE_WAITS_FILE,
      noticeId: RATE_WAITS_NOTICE_ID,
      what: "the phone service's saved waits",
      keyPattern: CHANNEL,
      side,
      problem: (channel, ms, nowMs) => {
        if (ms > nowMs + MAX_RETRY_AFTER_MS) return 'a wait longer than a server can ask';
        if (channels !== undefined && !channels.has(channel)) return 'a wait for a phone channel the app does not have';
        return undefined;
      },
    },
    signer,
  );
  return {
    gateFor: (channel) => ({
      get untilMs() {
        return waits.get(channel);
      },
      set untilMs(ms: number | undefined) {
        kept.delete(channel);
        if (ms === undefined) waits.delete(channel);
        else waits.set(channel, ms);
        save();
      },
      get askedAtMs() {
        return asked.get(channel);
      },
      set askedAtMs(ms: number | undefined) {
        void (ms === undefined ? asked.delete(channel) : asked.set(channel, ms));
      },
      get kept() {
        return kept.has(channel);
      },
      get ledger() {
        const l = ledgers.get(channel) ?? { ...probeLedger(), changed: save };
        ledgers.set(channel, l);
        return l;
      },
    }),
    async load(report = () => undefined, known = undefined) {
      channels = known;
      for (const [channel, ms] of await file.load(report)) {
        waits.set(channel, ms);
        kept.add(channel);
      }
    },
    settled: file.settled,
  };
}
