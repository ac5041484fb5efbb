// Main's side of the typed IPC contract: a handler for every channel, each request checked twice (who sent it,
// and what it says) and each answer checked against the contract before it leaves. Nothing here ever throws
// across IPC: every path answers a result. Generic over the event type so tests drive it with plain stand-ins.
import type { z } from 'zod';
import type { ActionError } from '../shared/action-error';
import { failureOf as failure, type Failure } from '../shared/failure';
import type { ChannelSchemas, InvokeChannel, RequestOf, ResponseOf } from '../shared/ipc-contract';
import { channelSchemas, INVOKE_CHANNELS, writesService } from '../shared/ipc-contract';

/** A handler for every channel of the contract: adding a channel there without one fails compilation here. */
export type AllHandlers<E> = {
  [C in InvokeChannel]: (request: RequestOf<C>, event: E) => Promise<ResponseOf<C>>;
};

/** The part of Electron's ipcMain used here (ipcMain satisfies it). */
export interface IpcMainLike<E> {
  handle(channel: string, listener: (event: E, ...args: unknown[]) => unknown): void;
  removeHandler(channel: string): void;
}

/** What we know of the frame that sent a request. */
export interface SenderInfo {
  webContentsId: number;
  /** undefined when the frame is gone (navigated away or destroyed). */
  frameUrl: string | undefined;
  isMainFrame: boolean;
}

export interface SenderPolicy {
  /** webContents ids of the windows we created. */
  ownWebContentsIds(): ReadonlySet<number>;
  /** True only for our own renderer page (file:// in dist, or the dev server in development). */
  isOwnUrl(url: string): boolean;
}

export interface IpcOptions<E> {
  ipcMain: IpcMainLike<E>;
  handlers: AllHandlers<E>;
  senderOf(event: E): SenderInfo;
  policy: SenderPolicy;
  /** Diagnostics: channel names and error kinds only, never payloads (they may carry the key). */
  log?: (message: string) => void;
}

const FOREIGN: ActionError = { kind: 'forbidden', message: 'This request did not come from an OnCall Tray window.' };
const INTERNAL: ActionError = { kind: 'internal', message: 'Something went wrong in OnCall Tray. Try again.' };
/** A write channel's handler may have sent its write before it failed: trying again could write it twice. */
const WRITE_UNKNOWN: ActionError = {
  kind: 'outcome_unknown',
  message:
    'Something went wrong in OnCall Tray while handling this change, so it is unknown whether it reached the service. Check before sending it again.',
};

/** The fallback answer when a channel's handler failed in a way nothing else explains. */
function unexplained(channel: InvokeChannel): Failure {
  return failure(writesService(channel) ? WRITE_UNKNOWN : INTERNAL);
}

export function isTrustedSender(sender: SenderInfo, policy: SenderPolicy): boolean {
  if (!sender.isMainFrame || sender.frameUrl === undefined) return false;
  return policy.ownWebContentsIds().has(sender.webContentsId) && policy.isOwnUrl(sender.frameUrl);
}

/** A record key the sender chose may be any size: a path names at most 60 characters of each part. */
function fieldOf(path: readonly PropertyKey[]): string {
  return path.map((part) => String(part).slice(0, 60)).join('.');
}

/** "Invalid key in record" says nothing: its own issue (the key is too long) is the one to report, at the record. */
function unwrapKeyIssue(issue: z.core.$ZodIssue): z.core.$ZodIssue[] {
  if (issue.code !== 'invalid_key') return [issue];
  const at = issue.path.slice(0, -1);
  return issue.issues.map((inner) => ({ ...inner, path: [...at, ...inner.path] }));
}

/**
 * A refused request. Values over a size limit are something a user can do (a long paste), so their messages
 * (which name the field and its limit, see shared/limits.ts) become the message; other problems mean a request
 * our own forms would not send, and stay per field.
 */
function badRequest(all: readonly z.core.$ZodIssue[]): Failure {
  const issues = all.flatMap(unwrapKeyIssue);
  const problems = issues.map((i) => ({ field: fieldOf(i.path) || '(input)', message: i.message }));
  const tooBig = [...new Set(issues.filter((i) => i.code === 'too_big').map((i) => i.message))];
  const message = tooBig.length > 0 ? tooBig.join(' ') : 'The request was not understood.';
  return failure({ kind: 'validation', message, problems });
}

/** Handles one request of channel C end to end; resolves to a contract-valid result or a failure. */
async function answer<C extends InvokeChannel, E>(channel: C, event: E, payload: unknown, o: IpcOptions<E>) {
  if (!isTrustedSender(o.senderOf(event), o.policy)) {
    o.log?.(`ipc: refused ${channel} from a foreign sender`);
    return failure(FOREIGN);
  }
  const schemas: ChannelSchemas[C] = channelSchemas[channel];
  const request = schemas.request.safeParse(payload);
  if (!request.success) return badRequest(request.error.issues);
  const handler: AllHandlers<E>[C] = o.handlers[channel];
  // Re-checked on the way out: zod drops any field the contract does not name, so nothing extra can leak.
  const response = schemas.response.safeParse(await handler(request.data, event));
  if (!response.success) {
    o.log?.(`ipc: ${channel} produced an answer outside the contract`);
    return unexplained(channel);
  }
  return response.data;
}

/** Registers a handler for every channel of the contract; returns a function that removes them all. */
export function registerIpc<E>(options: IpcOptions<E>): () => void {
  for (const channel of INVOKE_CHANNELS) {
    options.ipcMain.handle(channel, async (event, payload) => {
      try {
        return await answer(channel, event, payload, options);
      } catch (error) {
        options.log?.(`ipc: ${channel} failed: ${error instanceof Error ? error.name : 'unknown error'}`);
        return unexplained(channel);
      }
    });
  }
  return () => {
    for (const channel of INVOKE_CHANNELS) options.ipcMain.removeHandler(channel);
  };
}
