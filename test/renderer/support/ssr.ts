// Server-renders a Svelte component to HTML with the project's compiler settings (runes), through Vite's module
// runner, so markup and ARIA wiring can be checked in Node without a browser.
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { runnerImport, type Plugin } from 'vite';

const ENTRY = 'virtual:ssr-entry';
// A component that reaches the bridge (KeySection) imports its build-time schema: stubbed, as in support/runes.ts.
const SCHEMA = 'virtual:app-state-schema';

/** One module that imports the component and svelte/server together, so both run in the same runner. */
function entryFor(componentPath: string): Plugin {
  return {
    name: 'oncall-test-ssr-entry',
    resolveId: (source) => (source === ENTRY || source === SCHEMA ? '\0' + source : undefined),
    load: (id) =>
      id === '\0' + ENTRY
        ? `import Component from ${JSON.stringify(componentPath)};\nimport { render } from 'svelte/server';\nexport const renderWith = (props) => render(Component, { props }).body;`
        : id === '\0' + SCHEMA
          ? 'export default {};'
          : undefined,
  };
}

export async function renderToHtml(componentPath: string, props: Record<string, unknown>): Promise<string> {
  const { module } = await runnerImport<{ renderWith: (props: Record<string, unknown>) => string }>(ENTRY, {
    configFile: false,
    logLevel: 'warn',
    plugins: [entryFor(componentPath), svelte({ emitCss: false, compilerOptions: { runes: true, css: 'injected' } })],
  });
  return module.renderWith(props);
}
