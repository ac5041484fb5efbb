// The phone's answers on a channel no longer used (adv50 r13 #1): an alert delivered on the old ntfy topic or server
// before Settings → Phone moved on is not re-sent, so its "I'm on it" may be the only answer the phone gives. That
// channel's `-ack` is read with its own server and topic (kept in the keychain while something is left there) until
// the alarm is acknowledged, settled or the answer window ends (`leftOn` entries with `ack`, left-on.ts).
import { minOf } from '../../shared/extremes';
import { acked, alertIdsOf, type Run } from './escalator-run';

/** The channels left whose answers are still awaited, and the alarms awaited on each. */
export function awaitedLeft(r: Run, nowMs: number): Map<string, string[]> {
  const by = new Map<string, string[]>();
  for (const e of r.state.leftOn ?? [])
    if (e.ack && e.atMs > nowMs && !acked(r, e.key)) by.set(e.ch, [...(by.get(e.ch) ?? []), e.key]);
  return by;
}

/** Reads the answers on each channel left; one found acknowledges its alarm (source phone), once. */
export async function pollLeft(r: Run, nowMs: number): Promise<void> {
  for (const [ch, keys] of awaitedLeft(r, nowMs)) {
    const provider = r.o.retired?.get(ch);
    const targets = r.targets.filter((t) => keys.includes(t.key) && nowMs >= t.atMs);
    if (!provider?.pollAcks || targets.length === 0) continue;
    const answer = await provider.pollAcks({ sinceMs: minOf(targets.map((t) => t.atMs)), handles: new Map() });
    if (!answer.ok) {
      r.o.log?.(`phone escalation: reading the answers on the phone channel used before: ${answer.error}`);
      continue;
    }
    for (const ack of answer.value) {
      const t = targets.find((x) => alertIdsOf(r, x).includes(ack.id));
      if (t && !acked(r, t.key)) r.o.phoneAck(t.key, Math.max(t.atMs, ack.atMs));
    }
  }
}
