// The waits the service asked for (a 429's or a 503's Retry-After), as flat entries the engine keeps on disk
// (engine/session-waits.ts) and hands back after a restart (issue 47, adv47 r32 #1): before, a restart forgot them
// and sent to the service at once, and the promise said before quitting ("the app tries again at 11:21") was broken.
// Only waits the service asked for are kept: the app's own backoff after a network failure starts over at a restart
// (a restart is how a user says "try now"), as it always did.
import type { Backoff, SyncMemory } from './memory';

/** The key of the coverage list's entries (a schedule's is its id after `sch:`). */
export const COVERAGE_SOURCE = 'coverage';
/** Keys: `at` (when they were kept: written by the file, storage/waits-file.ts), `service` (no request before), `asked` (the service's own ask, uncapped),
 *  `retry/<source>` (the source's next try), `hold/<source>` (the source's own Retry-After, capped), `write/<status>`
 *  (the wait a write's 429 or 5xx named: engine/write-wait.ts). */
export const WAIT_KEY_PATTERN = /^(at|service|asked|write\/\d{3}|(retry|hold)\/(coverage|sch:[A-Za-z0-9_.:-]{1,120}))$/;

const sourceKey = (id: string | undefined): string => (id === undefined ? COVERAGE_SOURCE : `sch:${id}`);

/** The schedule a kept entry is about (undefined: not a schedule's: the coverage list or the whole service). */
export function scheduleOfKey(key: string): string | undefined {
  const m = /^(?:retry|hold)\/sch:(.+)$/.exec(key);
  return m?.[1];
}

/** The entries to keep now: empty when the service asked for no wait that lasts. */
export function waitsOf(memory: SyncMemory, nowMs: number): Map<string, number> {
  const out = new Map<string, number>();
  const source = (id: string | undefined, b: Backoff | undefined) => {
    if (b === undefined || b.askedUntilMs <= nowMs) return;
    out.set(`retry/${sourceKey(id)}`, b.retryAtMs);
    out.set(`hold/${sourceKey(id)}`, b.askedUntilMs);
  };
  for (const [id, b] of memory.backoff) source(id, b);
  source(undefined, memory.coverageBackoff);
  if (memory.notBeforeMs > nowMs) out.set('service', memory.notBeforeMs);
  if (memory.askedUntilMs > nowMs) out.set('asked', memory.askedUntilMs);
  return out;
}

/** Puts kept entries (already checked by their file) back into a fresh memory: each source waits as before. */
export function restoreWaits(memory: SyncMemory, entries: ReadonlyMap<string, number>, nowMs: number): void {
  const at = (id: string | undefined): Backoff | undefined => {
    const retryAtMs = entries.get(`retry/${sourceKey(id)}`);
    const holdMs = entries.get(`hold/${sourceKey(id)}`) ?? 0;
    if (retryAtMs === undefined && holdMs <= nowMs) return undefined;
    // One failure: the next one backs off from the start, as after the first answer that asked to wait.
    return { failures: 1, retryAtMs: Math.max(retryAtMs ?? 0, holdMs), askedUntilMs: holdMs, atMs: nowMs };
  };
  for (const key of entries.keys()) {
    const id = scheduleOfKey(key);
    const b = id === undefined ? undefined : at(id);
    if (id !== undefined && b !== undefined) memory.backoff.set(id, b);
  }
  const coverage = at(undefined);
  if (coverage !== undefined) memory.coverageBackoff = coverage;
  memory.notBeforeMs = Math.max(memory.notBeforeMs, entries.get('service') ?? 0);
  memory.askedUntilMs = Math.max(memory.askedUntilMs, entries.get('asked') ?? 0);
  memory.passAtMs = Math.max(memory.passAtMs, nowMs);
}
