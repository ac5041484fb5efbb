import { hydrate, mount } from 'svelte';
import App from './App.svelte';
import { app, startAppState } from './lib/app-state.svelte';
import { startRouter } from './lib/router.svelte';
import { windowKind } from './lib/route';
import './app.css';

// Start-up marks for profiling (script start, state in, hydrated, live), read in DevTools or by a probe.
performance.mark('oncall:script');
const target = document.getElementById('app');
// The shift-start alarm's window shows only the alarm: its code (with the forms') loads for it alone.
if (windowKind(location.search) === 'alarm') {
  if (target)
    void import('./views/AlarmWindow.svelte').then(({ default: AlarmWindow }) => mount(AlarmWindow, { target }));
} else startPage();

function startPage(): void {
  startRouter();
  // A prerendered page starts this script only once its first frame is painted (start-after-paint.js).
  if (target?.hasAttribute('data-prerendered')) void makeLive(target);
  else if (target) {
    // Ask for the state before mounting, so the round trip to main overlaps building the first view.
    void startAppState();
    mount(App, { target });
  }
}

/**
 * The popover arrives with its status view already in the HTML (main prerendered it), so it is on screen without
 * this script. It becomes live here: hydrated with the state the bridge sends (where it is newer than the
 * prerender, its text replaces the older). Without a state there is nothing to hydrate against: the page then
 * renders itself from scratch, showing why the state could not be loaded.
 */
async function makeLive(target: HTMLElement): Promise<void> {
  await startAppState();
  performance.mark('oncall:hydrate');
  if (app.state) hydrate(App, { target });
  else {
    target.replaceChildren();
    mount(App, { target });
  }
  target.removeAttribute('data-prerendered');
}
