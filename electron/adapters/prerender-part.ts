// The popover's prerendered first frame, as the desktop shell serves it.
import type { AppState } from '../shared/view-state';
import type { AppPaths } from './app-paths';
import {
  isPrerenderedPage,
  loadPrerender,
  prerenderAhead,
  type PrerenderAhead,
  type PrerenderInput,
  type Prerendered,
} from '../core/platform/prerender-page';
import type { LocalZone } from '../core/platform/local-zone';
import { systemClock } from './clock';
import { DISPLAY_LOCALE } from '../shared/format';
import { log } from './shell-context';

/** The popover's first frame: rendered in main from the state last shown (once the bundle is loaded, after start-up;
 *  until then the popover renders itself), and warmed ahead of the click that asks for it. */
export function prerenderPart(paths: AppPaths) {
  let render: ((url: URL) => Prerendered | undefined) | undefined;
  let input: (() => PrerenderInput | undefined) | undefined;
  let ahead: PrerenderAhead | undefined;
  const current = (): PrerenderInput | undefined => input?.();
  return {
    page: (url: URL) => render?.(url),
    shown(state: AppState, zone: LocalZone, hasPage: boolean): void {
      input = () => ({ state, nowMs: systemClock.now(), locale: DISPLAY_LOCALE, localZone: zone.current() });
      // Rendered ahead only while no popover page exists: the one loaded (hidden) at start is kept and gets this
      // state by push, so a render now would be thrown away (10-20 ms of main's time on every state change).
      if (!hasPage) ahead?.warmSoon(current);
    },
    load: () =>
      loadPrerender(paths.prerender).then((loaded) => {
        if (!loaded) return log('prerender: bundle missing or unreadable; the popover renders itself');
        const kept = prerenderAhead(loaded);
        ahead = kept;
        kept.warmSoon(current);
        render = (url) => {
          const now = isPrerenderedPage(url) ? current() : undefined;
          return now && kept.get(now);
        };
      }),
  };
}
