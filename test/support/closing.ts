// What a test opens (a harness with its simulator and folder, a world with its proxy) is closed after that test,
// newest first, by the afterEach in test/support/setup.ts, so test files don't each repeat the clean-up. No vitest
// import here: the bench and the screenshot script build harnesses too.
type Closable = { close(): Promise<void> | void };

const open: Closable[] = [];

export function closeAfterTest<T extends Closable>(thing: T): T {
  open.push(thing);
  return thing;
}

/** Closes everything opened since the last call, newest first; every close runs even where one fails. */
export async function closeAll(): Promise<void> {
  const failures: unknown[] = [];
  for (let thing = open.pop(); thing; thing = open.pop()) {
    await Promise.resolve(thing.close()).catch((e: unknown) => failures.push(e));
  }
  if (failures.length > 0) throw new Error(`${failures.length} clean-up(s) failed`, { cause: failures[0] });
}
