// What the views' state classes ask of the outside (main through the bridge, the router, storage), passed in by the
// view: the classes stay plain enough to run in a unit test with fakes, and in main's prerender.
import type { Failure } from '../../../electron/shared/failure';
import type { InvokeChannel, RequestOf, ResponseOf, ViewName } from '../../../electron/shared/ipc-contract';

/** lib/bridge.ts's invoke: never throws, a failure is a value. */
export type Invoke = <C extends InvokeChannel>(channel: C, request: RequestOf<C>) => Promise<ResponseOf<C> | Failure>;

/** What a channel answers when it works. */
export type Answered<C extends InvokeChannel> = Extract<ResponseOf<C>, { ok: true }>['value'];

/** lib/router.svelte.ts's open: shows a view (from the popover, in the quick-action window). */
export type OpenView = (view: ViewName, params?: Record<string, string>) => unknown;

/** The part of localStorage a view remembers a choice in. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** The app's clock and locale (lib/app-state.svelte.ts's `app`): one place for every view. */
export interface AppClock {
  readonly nowMs: number;
  readonly locale: string;
  readonly localZone?: string | undefined;
}
