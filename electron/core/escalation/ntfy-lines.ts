// One line of ntfy's JSON stream or poll (docs/subscribe/api.md "JSON message format"), as the app reads it, and
// the phone's "I'm on it" answers among such lines: shared by the poll (ntfy.ts) and the stream (ntfy-stream.ts).
import type { PhoneAck } from './types';

/** One line of ntfy's JSON stream or poll, as the app reads it: only `"event":"message"` lines with an id count. */
export function ackLineOf(line: string): { id: string; message: string; timeS: number | undefined } | undefined {
  try {
    const v: unknown = JSON.parse(line);
    if (typeof v !== 'object' || v === null) return undefined;
    const id = 'id' in v && typeof v.id === 'string' ? v.id : undefined;
    const event = 'event' in v ? v.event : undefined;
    const message = 'message' in v && typeof v.message === 'string' ? v.message : '';
    const timeS = 'time' in v && typeof v.time === 'number' && Number.isFinite(v.time) ? v.time : undefined;
    return id && event === 'message' ? { id, message, timeS } : undefined;
  } catch {
    return undefined;
  }
}

/** The "ack <alert id>" answers among parsed lines, each at its server time (never later than now). */
export const acksOf = (lines: ReturnType<typeof ackLineOf>[], nowMs: number): PhoneAck[] =>
  lines.flatMap((l) =>
    l && /^ack [\w-]+$/.test(l.message)
      ? [{ id: l.message.slice(4), atMs: Math.min(nowMs, l.timeS === undefined ? nowMs : l.timeS * 1000) }]
      : [],
  );
