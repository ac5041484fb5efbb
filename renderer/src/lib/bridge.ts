// The only module that touches `window.oncall`. Pushed state is checked here against AppStateSchema (as JSON
// Schema derived at build time, see lib/json-check.ts): a bad snapshot never reaches the views, the last good
// one stays. Calls never throw: a rejected or missing bridge becomes a failure result.
import appStateSchema from 'virtual:app-state-schema';
import type { ActionError } from '../../../electron/shared/action-error';
import { failureOf as failure, type Failure } from '../../../electron/shared/failure';
import type { InvokeChannel, PayloadOf, PushEvent, RequestOf, ResponseOf } from '../../../electron/shared/ipc-contract';
import { isServiceWrite } from '../../../electron/shared/service-writes';
import type { AppState } from '../../../electron/shared/view-state';
import { matches } from './json-check';
import { isViewName } from './route';

export type { Failure } from '../../../electron/shared/failure';
export type Outcome<C extends InvokeChannel> = ResponseOf<C> | Failure;

const NOT_CONNECTED: ActionError = {
  kind: 'bridge',
  message: 'This window is not connected to OnCall Tray. Close it and open it again from the tray.',
};

/**
 * A write channel's request may have reached main and the service before its answer was lost or garbled: its
 * outcome is unknown (the views offer "Check again"), never "try again", which could write it twice.
 */
function lost(channel: InvokeChannel, happened: string, otherwise: ActionError): Failure {
  if (!isServiceWrite(channel)) return failure(otherwise);
  return failure({
    kind: 'outcome_unknown',
    message: `${happened}, so it is unknown whether the change reached the service. Check before sending it again.`,
  });
}

export function isAppState(value: unknown): value is AppState {
  return matches(appStateSchema, value);
}

/**
 * A plain copy of a request. Views hand in Svelte `$state` values, which are Proxies; Electron copies IPC payloads
 * with structured clone, which refuses Proxies. Requests are JSON data by contract, so a JSON round trip is exact.
 */
function plain<T>(request: T): T {
  // JSON.parse answers `any`; the text is `request` itself, serialized a line above, and JSON data comes back equal.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-return
  return JSON.parse(JSON.stringify(request));
}

/** Invokes a channel; never throws. A rejected call or a missing bridge becomes a failure result. */
export async function invoke<C extends InvokeChannel>(channel: C, request: RequestOf<C>): Promise<Outcome<C>> {
  const api = window.oncall;
  if (!api) return failure(NOT_CONNECTED);
  try {
    const answer = await api.invoke(channel, plain(request));
    // Main validated and typed the answer; only guard against something that is not a result at all.
    if (typeof answer === 'object' && answer !== null && typeof answer.ok === 'boolean') return answer;
  } catch {
    return lost(channel, 'OnCall Tray did not answer', {
      kind: 'bridge',
      message: 'OnCall Tray did not answer. Try again.',
    });
  }
  const unreadable = 'OnCall Tray sent an answer this window cannot read';
  return lost(channel, unreadable, { kind: 'bad_response', message: `${unreadable}.` });
}

/** The first state, checked like every push. */
export async function loadState(): Promise<AppState | Failure> {
  const answer = await invoke('state:get', null);
  if (!answer.ok) return answer;
  if (isAppState(answer.value)) return answer.value;
  return failure({ kind: 'bad_response', message: 'OnCall Tray sent a state this window cannot read.' });
}

/** Subscribes to state pushes; invalid snapshots are reported to `onInvalid` and otherwise ignored. */
export function onState(listener: (state: AppState) => void, onInvalid?: () => void): () => void {
  return onPush('state:changed', (raw) => {
    if (isAppState(raw)) listener(raw);
    else onInvalid?.();
  });
}

export function onNavigate(listener: (target: PayloadOf<'navigate'>) => void): () => void {
  return onPush('navigate', (raw) => {
    if (typeof raw !== 'object' || raw === null || !('view' in raw) || !isViewName(raw.view)) return;
    const params: Record<string, string> = {};
    if ('params' in raw && typeof raw.params === 'object' && raw.params !== null) {
      for (const [k, v] of Object.entries(raw.params)) if (typeof v === 'string') params[k] = v;
    }
    listener({ view: raw.view, params });
  });
}

/** Listens to one of main's pushes as it arrives (unchecked: the caller checks what it reads). */
export function onPush(event: PushEvent, listener: (raw: unknown) => void): () => void {
  const api = window.oncall;
  return api ? api.on(event, listener) : () => {};
}
