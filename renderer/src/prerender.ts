// The popover's status view rendered to HTML in main (Node), so its first frame already shows the state: the page
// paints it from the HTML alone, before any script has run, then hydrates it (main.ts). Built by Vite's SSR build
// into dist/renderer-ssr/prerender.cjs with the same components the page uses, so the markup is the page's own.
import { render } from 'svelte/server';
import App from './App.svelte';
import StatusWhole from './StatusWhole.svelte';
import { seedPrerender, type PrerenderSeed } from './lib/app-state.svelte';

export type { PrerenderSeed };

export interface Prerendered {
  /** The markup for <div id="app">; Svelte escapes every value in it. */
  html: string;
  /** The theme the user picked, for <html data-theme>; undefined follows the system. */
  theme: 'light' | 'dark' | undefined;
}

export function prerenderStatus(seed: PrerenderSeed): Prerendered {
  const undo = seedPrerender(seed);
  try {
    const theme = seed.state.settings.theme;
    return { html: render(App).body, theme: theme === 'system' ? undefined : theme };
  } finally {
    undo();
  }
}

/** The whole status view, the part below the glance included (the page mounts that after its first frame): for the
 *  tests that read every line the popover shows. */
export function prerenderStatusWhole(seed: PrerenderSeed): Prerendered {
  const undo = seedPrerender(seed);
  try {
    return { html: render(StatusWhole).body, theme: undefined };
  } finally {
    undo();
  }
}
