// What became of a write's answer is said as it was, on the first press and the next, in every flow (adv48 r34):
// a create the service answered 200 with half its JSON (it landed) was told "the service answered the write with an
// error" and, on take over's second press, "its answer never came". Table: six flows × {unreadable 200, 503, reset} ×
// {a manager's change before the check, none}; one create each, nothing sent again. Real engine, simulator, fake clock.
import { afterEach, describe, expect, it } from 'vitest';
import type { Harness } from '../support/engine-harness';
import { FLOWS, armedSends, press, ready, setManagerWho, worldFor, type How } from './support/answer-world';

let current: Harness | undefined;
afterEach(async () => void (await current?.close()));

/** Each fact's own words, and the others' words it must never be told with (written here, not taken from the app). */
const FACTS: { how: How; name: string; says: RegExp; never: RegExp }[] = [
  {
    how: 'malformed',
    name: 'unreadable 200',
    says: /answer could not be read/,
    never: /with an error|answer never came|did not answer|stopped answering/,
  },
  {
    how: 'drop',
    name: '503',
    says: /with an error/,
    never: /answer could not be read|answer never came|did not answer/,
  },
  {
    how: 'lose',
    name: 'reset',
    says: /answer never came|did not answer/,
    never: /with an error|answer could not be read/,
  },
];

const CASES = FACTS.flatMap((f) => FLOWS.flatMap((flow) => [true, false].map((manager) => ({ ...f, flow, manager }))));

describe('a write whose answer was lost, erred or unreadable is told as it was, first press and next', () => {
  it.each(CASES)('$flow, $name, manager change $manager', async ({ how, says, never, flow, manager }) => {
    setManagerWho(flow.startsWith('form') ? 'carol' : 'dave');
    const w = await worldFor(flow);
    current = w.h;
    await ready(w, flow);
    w.arm(how, manager);
    const first = await press(w, flow, true);
    await w.h.clock.advance(20_000);
    const second = await press(w, flow, false);
    // The first press names what happened to the answer; neither press names another fact.
    expect(first).toMatch(says);
    expect(first).not.toMatch(never);
    expect(second).not.toMatch(never);
    // Sent once: the second press never sends it again (a swap's other side is its own write).
    expect(armedSends(w)).toBe(1);
  });
});
