// Loads a renderer `*.svelte.ts` module for a unit test, compiled as the page compiles it (client runes, Svelte's
// browser runtime), through Vite's module runner: its $state, $derived and $effect behave as in the app, in Node.
// Each call is a fresh module graph (the app's singletons start anew); the bridge's build-time schema is stubbed.
import { fileURLToPath } from 'node:url';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { runnerImport, type Plugin } from 'vite';
import type * as Runes from './root.svelte';

const ENTRY = 'virtual:runes-entry';
const SCHEMA = 'virtual:app-state-schema';
const ROOT = fileURLToPath(new URL('./root.svelte.ts', import.meta.url));

function entryFor(modulePath: string): Plugin {
  const entry = [
    `export * as subject from ${JSON.stringify(modulePath)};`,
    `export * from ${JSON.stringify(ROOT)};`,
    `export { flushSync, tick } from 'svelte';`,
  ].join('\n');
  return {
    name: 'oncall-test-runes-entry',
    resolveId: (source) => (source === ENTRY || source === SCHEMA ? '\0' + source : undefined),
    load: (id) => (id === '\0' + ENTRY ? entry : id === '\0' + SCHEMA ? 'export default {};' : undefined),
  };
}

export type Loaded<T> = typeof Runes & { subject: T; flushSync: () => void; tick: () => Promise<void> };

export async function loadRunes<T>(modulePath: string): Promise<Loaded<T>> {
  const { module } = await runnerImport<Loaded<T>>(ENTRY, {
    configFile: false,
    logLevel: 'warn',
    // Svelte's browser runtime (its "browser" export), not the server's, whose effects never run.
    environments: { inline: { resolve: { conditions: ['browser'], externalConditions: ['browser'] } } },
    plugins: [
      entryFor(modulePath),
      svelte({
        emitCss: false,
        compilerOptions: { runes: true },
        dynamicCompileOptions: () => ({ generate: 'client' }),
      }),
    ],
  });
  return module;
}

/** The absolute path of a renderer source file, for loadRunes. */
export const rendererFile = (path: string): string =>
  fileURLToPath(new URL(`../../../renderer/src/${path}`, import.meta.url));
