// The only module that touches `window.oncall`. Everything that crosses from main is checked here once:
// responses against the contract's response schema, pushed state against AppStateSchema. A bad payload never
// reaches the views; it becomes a failure result (invoke) or is dropped so the last good state stays (push).
import type { z } from 'zod';
import {
  invokeChannels,
  pushEvents,
  type ActionError,
  type InvokeChannel,
  type PayloadOf,
  type RequestOf,
  type ResponseOf,
} from '../../../electron/shared/ipc-contract';
import { AppStateSchema, type AppState } from '../../../electron/shared/view-state';

export type Failure = { ok: false; error: ActionError };
export type Outcome<C extends InvokeChannel> = ResponseOf<C> | Failure;

const NOT_CONNECTED: ActionError = {
  kind: 'bridge',
  message: 'This window is not connected to OnCall Tray. Close it and open it again from the tray.',
};

// The contract, seen per channel, so a generic channel keeps its own response type.
const CONTRACT: { [C in InvokeChannel]: { response: z.ZodType<ResponseOf<C>> } } = invokeChannels;

function failure(error: ActionError): Failure {
  return { ok: false, error };
}

function parseWith<T>(schema: z.ZodType<T>, raw: unknown): T | undefined {
  const parsed = schema.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}

export function isConnected(): boolean {
  return window.oncall !== undefined;
}

/** Invokes a channel; never throws. A rejected call or an unreadable answer becomes a failure result. */
export async function invoke<C extends InvokeChannel>(channel: C, request: RequestOf<C>): Promise<Outcome<C>> {
  const api = window.oncall;
  if (!api) return failure(NOT_CONNECTED);
  let raw: unknown;
  try {
    raw = await api.invoke(channel, request);
  } catch {
    return failure({ kind: 'bridge', message: 'OnCall Tray did not answer. Try again.' });
  }
  const parsed = parseWith(CONTRACT[channel].response, raw);
  if (parsed === undefined) {
    return failure({ kind: 'bad_response', message: 'OnCall Tray sent an answer this window cannot read.' });
  }
  return parsed;
}

/** Subscribes to state pushes; invalid snapshots are reported to `onInvalid` and otherwise ignored. */
export function onState(listener: (state: AppState) => void, onInvalid?: () => void): () => void {
  const api = window.oncall;
  if (!api) return () => {};
  return api.on('state:changed', (raw) => {
    const parsed = AppStateSchema.safeParse(raw);
    if (parsed.success) listener(parsed.data);
    else onInvalid?.();
  });
}

export function onNavigate(listener: (target: PayloadOf<'navigate'>) => void): () => void {
  const api = window.oncall;
  if (!api) return () => {};
  return api.on('navigate', (raw) => {
    const parsed = pushEvents.navigate.safeParse(raw);
    if (parsed.success) listener(parsed.data);
  });
}
