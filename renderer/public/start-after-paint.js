// The prerendered popover's only script at first (see electron/core/platform/prerender-page.ts): it starts the
// app's own entry once the prerendered view is on screen, so fetching, compiling and starting the app never holds
// back that first frame. A page reported hidden starts at once; one that never reports its paint (Electron's hidden
// popover may paint without being shown) starts after a short wait: never not at all.
const entry = document.querySelector('script[data-app-entry]')?.getAttribute('data-app-entry');
let started = false;
function start() {
  if (started || !entry) return;
  started = true;
  import(new URL(entry, document.baseURI).href);
}
if (document.visibilityState !== 'visible' || performance.getEntriesByName('first-contentful-paint').length > 0)
  start();
else {
  try {
    new PerformanceObserver((list, observer) => {
      observer.disconnect();
      start();
    }).observe({ type: 'paint', buffered: true });
  } catch {
    start();
  }
  setTimeout(start, 250);
}
