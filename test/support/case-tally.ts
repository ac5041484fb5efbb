// How often each kind of case came up in a generated-world property test: counted with `note`, printed after the
// file when `envVar` is set (to see that the generator reaches the cases the property is about).
import { afterAll } from 'vitest';

/** Registers the print; call it at the top of a test file. Returns `note(what)`, which counts one `what`. */
export function caseTally(envVar: string): (what: string) => void {
  const seen = new Map<string, number>();
  afterAll(() => {
    if (process.env[envVar])
      console.log(
        '\n' +
          [...seen]
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([k, n]) => `${String(n).padStart(6)}  ${k}`)
            .join('\n'),
      );
  });
  return (what) => void seen.set(what, (seen.get(what) ?? 0) + 1);
}
