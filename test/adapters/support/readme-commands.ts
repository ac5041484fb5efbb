// The commands the workflows run and docs/packaging-and-releasing.md documents, read the same way from both
// (test/adapters/workflows.test.ts compares them; windows-checkout.test.ts reads them from a Windows-style checkout).

/** The document that lists the CI and release commands (and the signing secrets). */
export const CI_DOC = 'docs/packaging-and-releasing.md';

/** The Linux wrapper that gives the Electron steps a display, a keyring and a notification daemon. */
export const DESKTOP = 'xvfb-run -a dbus-run-session -- sh scripts/desktop-session.sh ';

/** The project commands (npm, npx, node) of a shell script: continuation lines joined, comments and wrapper dropped. */
export function commandsIn(script: string): string[] {
  return script
    .replace(/\r\n/g, '\n')
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((line) =>
      line
        .replace(/\s+#\s.*$/, '')
        .trim()
        .replace(/\s+/g, ' '),
    )
    .map((line) => (line.startsWith(DESKTOP) ? line.slice(DESKTOP.length) : line))
    .filter((line) => /^(npm|npx|node) /.test(line));
}

/**
 * The CI document's code blocks in "Continuous integration and releases": [CI commands, release commands]. Line ends
 * are read as LF whatever the checkout has (.gitattributes makes them LF; a CRLF copy must not read as no blocks).
 * undefined when the section is missing.
 */
export function readmeCommands(readme: string): string[][] | undefined {
  const text = readme.replace(/\r\n/g, '\n');
  const start = text.indexOf('## Continuous integration and releases');
  if (start < 0) return undefined;
  const next = text.indexOf('\n## ', start + 5);
  const section = text.slice(start, next === -1 ? undefined : next);
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => commandsIn(m[1] ?? ''));
}
