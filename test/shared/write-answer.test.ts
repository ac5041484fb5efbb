// A write's record says what became of its answer, and the words follow it after a restart: a record read back with
// the fact names it; one from an older version without it (lost-answers.json kept only `lost`; a snapshot's override
// only `erred`) is worded neutrally, never guessed as "an error" (adv48 r34).
import { describe, expect, it } from 'vitest';
import { answerOfCreated, answerOfRecord, answerSaid } from '../../electron/shared/write-answer';

describe('the answer of a write read back from its record', () => {
  it.each([
    [{ lost: true }, "the write's answer never came"],
    [{ lost: false }, "the service's answer to the write did not confirm it"],
    [{}, "the service's answer to the write did not confirm it"],
    [
      { lost: false, answer: { got: 'unreadable' as const, status: 200 } },
      'the service answered the write, but its answer could not be read (HTTP 200)',
    ],
    [
      { lost: false, answer: { got: 'error' as const, status: 503 } },
      'the service answered the write with an error (HTTP 503)',
    ],
  ])('lost-answer record %j', (record, said) => {
    expect(answerSaid(answerOfRecord(record))).toBe(said);
  });

  it.each([
    [{ erred: true as const }, 'the service answered it with an error'],
    [{}, "the service's answer to the write did not confirm it"],
    [{ answer: { got: 'unreadable' as const } }, 'the service answered it, but its answer could not be read'],
    [{ answer: { got: 'none' as const } }, 'its answer never came'],
  ])('own override record %j', (record, said) => {
    expect(answerSaid(answerOfCreated(record), 'it')).toBe(said);
  });
});
