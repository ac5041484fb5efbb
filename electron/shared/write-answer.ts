// What became of a write's answer, kept with the write so every later word about it tells what happened: no answer
// came (lost, reset, timed out), the service answered with an error (its HTTP status), or it answered and the answer
// could not be read (a 2xx whose body broke: the write most likely landed). One fact, worded by one function, so a
// press again, a retry or a resume after a restart never turns "could not be read" into "an error" or "never came"
// (adv48 r34).
import { z } from 'zod';

export const WriteAnswerSchema = z.object({
  got: z.enum(['none', 'error', 'unreadable']),
  status: z.number().int().min(100).max(599).optional(),
});
export type WriteAnswer = z.infer<typeof WriteAnswerSchema>;

/** The fact from the service client's cause of an unknown outcome; a 2xx that did not describe the write is an
 *  answer that could not be read as one. */
export function answerOfCause(cause: string | undefined, status?: number): WriteAnswer {
  const code = status === undefined ? {} : { status };
  if (cause === 'network' || cause === 'timeout') return { got: 'none' };
  return cause === 'server' ? { got: 'error', ...code } : { got: 'unreadable', ...code };
}

/** A record that says only whether its answer was lost (older records, and those saved before the answer came). */
export const answerOfRecord = (r: { answer?: WriteAnswer; lost?: boolean }): WriteAnswer | undefined =>
  r.answer ?? (r.lost === true ? { got: 'none' } : undefined);

/** An own override's record (model/snapshot.ts): `erred` alone, from an older version, was a 5xx. */
export const answerOfCreated = (r: { answer?: WriteAnswer; erred?: true }): WriteAnswer | undefined =>
  r.answer ?? (r.erred === true ? { got: 'error' } : undefined);

/** The answer of the own override sent earlier over exactly this window (its id unknown: the answer never told it). */
export function answerOfEarlier(
  known: readonly { id: string; scheduleId: string; start: string; end: string; answer?: WriteAnswer; erred?: true }[],
  w: { scheduleId: string; startMs: number; endMs: number },
): WriteAnswer | undefined {
  const same = (c: (typeof known)[number]) =>
    c.id === '' && c.scheduleId === w.scheduleId && Date.parse(c.start) === w.startMs && Date.parse(c.end) === w.endMs;
  const found = known.find(same);
  return found && answerOfCreated(found);
}

/**
 * The clause every message about a write uses for its answer, `of` naming the write ("the write", "the first
 * attempt", "it"). Unknown (a record from a version that did not keep it): worded neutrally, never guessed.
 */
export function answerSaid(answer: WriteAnswer | undefined, of = 'the write'): string {
  const code = answer?.status === undefined ? '' : ` (HTTP ${answer.status})`;
  if (answer === undefined) return `the service's answer to ${of === 'it' ? 'the write' : of} did not confirm it`;
  if (answer.got === 'none') return `${of === 'it' ? 'its' : `${of}'s`} answer never came`;
  if (answer.got === 'error') return `the service answered ${of} with an error${code}`;
  return `the service answered ${of}, but its answer could not be read${code}`;
}

/** The same clause opening a sentence. */
export const answerSaidFirst = (answer: WriteAnswer | undefined, of?: string): string => {
  const s = answerSaid(answer, of);
  return `${s.charAt(0).toUpperCase()}${s.slice(1)}`;
};
