// What a test opens (a harness with its simulator and folder, a world with its proxy) is closed after that test,
// newest first, by the hooks in test/support/setup.ts, so test files don't each repeat the clean-up. What a file
// opens outside a test (in beforeAll) lives for the file, and the file's own afterAll closes it. No vitest import
// here: the bench and the screenshot script build harnesses too, outside any test, and nothing is kept for them.
type Closable = { close(): Promise<void> | void };

const open: Closable[] = [];
let inTest = false;

/** From setup.ts's beforeEach: things opened from now until the test ends are the test's to close. */
export function testStarted(): void {
  inTest = true;
}

export function closeAfterTest<T extends Closable>(thing: T): T {
  if (inTest) open.push(thing);
  return thing;
}

/** Closes everything the test opened, newest first; every close runs even where one fails. */
export async function closeAll(): Promise<void> {
  inTest = false;
  const failures: unknown[] = [];
  for (let thing = open.pop(); thing; thing = open.pop()) {
    await Promise.resolve(thing.close()).catch((e: unknown) => failures.push(e));
  }
  if (failures.length > 0) throw new Error(`${failures.length} clean-up(s) failed`, { cause: failures[0] });
}
