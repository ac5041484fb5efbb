// A phone server's Retry-After wait (rate-gate.ts) kept on disk (`phone-waits.json`, by channel hash: no secret), so
// a restart doesn't forget it and hammer the server again (fix50m #4). Read back like every file (issue 52,
// read-back.ts): a file not of its shape is kept aside and said, never silently overwritten; each wait is checked
// against what the app knows now — a channel the app has (the one in use, or one left), a time ahead yet no more
// than MAX_RETRY_AFTER_MS from now (a clock moved, a file edited) — and one that fails is dropped, said once, and the
// file kept aside before the app writes its own (adv52 r11 #1). A wait read back is marked `kept`: this run never
// received that 429, so it is worded as a wait kept from before the restart, never as the server's answer (#2).
// Each wait carries the app's MAC (record-key.ts, `macs` by channel), like every record file: one unsigned or forged
// (a file written by hand to hold the phone off for an hour) is dropped like any other false entry; the first start
// with a new key takes unsigned ones once and writes them back signed.
import { z } from 'zod';
import type { Clock, FileStore } from '../ports';
import type { Notice } from '../storage/settings-store';
import { droppedText, keptForDropped, readBack, refusedText, sortClaims, type ReadBack } from '../storage/read-back';
import { newerFieldsText, newerVersionText } from '../storage/newer-content';
import { afterFirstRead, unsignedAs, vouches, type RecordSigner } from '../storage/record-key';
import { MAX_RETRY_AFTER_MS, type RateGate } from './rate-gate';
import type { KnownChannels } from './record-store';
import { ledgerAt, probeLedger, type ProbeLedger } from './probe-ledger';

export const RATE_WAITS_FILE = 'phone-waits.json';
export const RATE_WAITS_NOTICE_ID = 'phone-waits';
/** Far above what the app writes (one entry per channel, ~40 characters each). */
const MAX_WAITS_CHARS = 100_000;
const WHAT = "the phone service's saved waits";

const WaitsSchema = z.object({
  version: z.literal(1),
  waits: z.record(z.string().regex(/^ch[A-Za-z0-9]{1,40}$/), z.number().finite()),
  macs: z.record(z.string(), z.string()).optional(),
  /** Each ntfy channel's probes and publishes (probe-ledger.ts). Unsigned: an entry can't raise the probes past the
   *  code's own caps (one per 10 min, PROBE_DAY_MAX a day), and a time ahead of the clock is dropped when used. */
  ledgers: z
    .record(
      z.string().regex(/^ch[A-Za-z0-9]{1,40}$/),
      z.object({
        probedMs: z.number().int().nonnegative().optional(),
        dayMs: z.number().int().nonnegative(),
        published: z.number().int().nonnegative().max(100_000),
        probes: z.number().int().nonnegative().max(100_000),
      }),
    )
    .optional(),
});

export interface RateGates {
  /** The gate of one channel (PhoneProvider.channel): every provider of it shares the wait. */
  gateFor: (channel: string) => RateGate;
  /** Reads the file (once, before any provider is made); `channels`: the ones the app has (undefined: unknown). */
  load: (report?: (n: Notice) => void, channels?: KnownChannels) => Promise<void>;
  /** Resolves when the writes started so far are done. */
  settled: () => Promise<void>;
}

/** Why a wait read back can't be used, or undefined when it holds. */
function waitProblem(nowMs: number, channels: KnownChannels, signer: RecordSigner | undefined, macs?: Macs) {
  return ([channel, ms]: [string, number]): string | undefined => {
    if (!Number.isSafeInteger(ms) || ms > nowMs + MAX_RETRY_AFTER_MS) return 'a wait longer than a server can ask';
    if (channels !== undefined && !channels.has(channel)) return 'a wait for a phone channel the app does not have';
    if (signer && !vouches(signer, RATE_WAITS_FILE, channel, ms, macs?.[channel]))
      return unsignedAs(signer, RATE_WAITS_FILE);
    return undefined;
  };
}

type Macs = Record<string, string>;

/** A ledger's fields as written (no `changed`). */
const ledgerRecord = (l: ProbeLedger): ProbeLedger => ({
  ...(l.probedMs !== undefined ? { probedMs: l.probedMs } : {}),
  dayMs: l.dayMs ?? 0,
  published: l.published,
  probes: l.probes,
});

type Waits = z.infer<typeof WaitsSchema>;

/** What is said of a file nothing was taken from (absent: nothing). */
function saidNotRead(read: Exclude<ReadBack<Waits>, { kind: 'read' }>, say: (message: string) => void): void {
  if (read.kind === 'absent') return;
  if (read.kind === 'unreadable')
    say(`The phone service's saved waits couldn't be read (${read.reason}): a wait it asked for may be missed.`);
  else if (read.newer !== undefined) say(newerVersionText(WHAT, read.newer, read.kept));
  else say(refusedText(WHAT, read, 'a wait it asked for may be missed.'));
}

/** What one channel's gate reads and writes: the store's maps (`save` writes the file). */
interface GateMaps {
  waits: Map<string, number>;
  kept: Set<string>;
  asked: Map<string, number>;
  ledgers: Map<string, ProbeLedger>;
  save: () => void;
}

function channelGate({ waits, kept, asked, ledgers, save }: GateMaps, channel: string): RateGate {
  return {
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
  };
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
  /** The key after the file's first read: unsigned waits are taken in at that read only. */
  let key: RecordSigner | undefined;
  let writing: Promise<void> = Promise.resolve();
  const save = () => {
    const ahead = [...waits].filter(([, ms]) => ms > clock.now());
    writing = writing
      .then(async () => {
        const by = key ?? (key = afterFirstRead(await signer().catch(() => undefined), RATE_WAITS_FILE));
        const macs = by && Object.fromEntries(ahead.map(([ch, ms]) => [ch, by.sign(RATE_WAITS_FILE, ch, ms)]));
        const probeLedgers = Object.fromEntries([...ledgers].map(([ch, l]) => [ch, ledgerRecord(l)]));
        const text = JSON.stringify({
          version: 1,
          waits: Object.fromEntries(ahead),
          ...(macs ? { macs } : {}),
          ledgers: probeLedgers,
        });
        await files.writeAtomic(RATE_WAITS_FILE, text);
      })
      .catch(() => undefined);
  };
  return {
    gateFor: (channel) => channelGate({ waits, kept, asked, ledgers, save }, channel),
    async load(report = () => undefined, channels = undefined) {
      const first = await signer().catch(() => undefined);
      try {
        await readInto(report, channels, first);
      } finally {
        // The file's first read under the key, whatever it found: a later start takes no unsigned wait.
        key = afterFirstRead(first, RATE_WAITS_FILE);
      }
    },
    settled: () => writing,
  };

  async function readInto(report: (n: Notice) => void, channels: KnownChannels, first: RecordSigner | undefined) {
    const say = (message: string) => report({ id: RATE_WAITS_NOTICE_ID, message });
    const read = await readBack(files, RATE_WAITS_FILE, WaitsSchema, { maxChars: MAX_WAITS_CHARS });
    if (read.kind !== 'read') return saidNotRead(read, say);
    if (read.newer !== undefined)
      report({
        id: `${RATE_WAITS_NOTICE_ID}-newer`,
        message: newerFieldsText(WHAT, read.newer.fields, read.newer.kept),
      });
    const nowMs = clock.now();
    for (const [channel, l] of Object.entries(read.value.ledgers ?? {}))
      if (channels === undefined || channels.has(channel))
        ledgers.set(channel, ledgerAt({ ...ledgerRecord(l), changed: save }, nowMs));
    // A wait already over is let go without a word: the app writes those too (it keeps only what is ahead on save).
    const ahead = Object.entries(read.value.waits).filter(([, ms]) => ms > nowMs);
    const sorted = sortClaims(ahead, waitProblem(nowMs, channels, first, read.value.macs));
    for (const [channel, ms] of sorted.kept) {
      waits.set(channel, ms);
      kept.add(channel);
    }
    if (sorted.dropped.length > 0)
      say(droppedText(WHAT, sorted.dropped, await keptForDropped(files, RATE_WAITS_FILE, read.newer)));
    // What was taken is written back signed at once: after a file kept aside, or at the first start with a new key
    // (the version before MACs).
    if (sorted.kept.length > 0 && (first?.fresh === true || sorted.dropped.length > 0)) save();
  }
}
