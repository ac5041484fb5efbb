// The ntfy topic and token are tied to the server they were saved for (adv52 r12 #1), as the API key is tied to
// `<account>@<host>` (keys.ts): settings.json's `escalation.ntfyServer` is a claim. A server in the file that isn't
// the bound one (hand-edited; or damaged or missing, so reset to the default) finds no topic or token: nothing goes
// to it, the phone reads "not set up for <host>", and the bound server becomes a channel left (phone-channels.ts),
// so what the app booked there is cancelled there, with its own keys. Only a save from Settings → Phone binds them
// to another server (the user chose it). Keys saved before the binding are bound at the first start to the server
// the file names when escalations.json shows the app's bookings there (their channel hash is the server's and the
// topic's); with bookings on another channel, or none, nothing shows which server they were for: left unbound.
import { z } from 'zod';
import type { EscalationSettings } from '../../shared/escalation-settings';
import { ntfyChannelOf } from '../escalation/ntfy';
import { ESCALATIONS_FILE, EscalationStateSchema } from '../escalation/record-store';
import type { FileStore, SecretStore } from '../ports';
import type { Channel, ChannelKeys } from './phone-channels';

/** The keychain entry naming the server the ntfy topic and token were saved for. */
export const NTFY_SERVER_ACCOUNT = 'phone-escalation:ntfy-server';

export const normalServer = (server: string): string => server.replace(/\/+$/, '');

const ntfyServerOf = (s: EscalationSettings): string | undefined =>
  s.provider === 'ntfy' ? normalServer(s.ntfyServer) : undefined;

/** Whether the ntfy topic and token may be used with these settings' server. */
const unbound = (s: EscalationSettings, keys: ChannelKeys, boundTo: string | undefined): boolean => {
  const server = ntfyServerOf(s);
  return server !== undefined && !!keys.ntfyTopic && boundTo !== server;
};

/** The keys these settings may use: no ntfy topic or token for a server they were not saved for. */
export function keysFor<K extends ChannelKeys>(s: EscalationSettings, keys: K, boundTo: string | undefined): K {
  return unbound(s, keys, boundTo) ? { ...keys, ntfyTopic: undefined, ntfyToken: undefined } : keys;
}

const hostOf = (server: string): string => {
  try {
    return new URL(server).host || server;
  } catch {
    return server;
  }
};

/** What the phone reads while the settings name a server the topic and token were not saved for. */
export function unboundProblem(s: EscalationSettings, keys: ChannelKeys, boundTo: string | undefined) {
  const server = ntfyServerOf(s);
  if (server === undefined || !unbound(s, keys, boundTo)) return undefined;
  // Saved by a version before the binding with nothing to show for which server: unknown, said as such.
  const savedFor = boundTo === undefined ? 'for a server the app can’t tell' : `for ${hostOf(boundTo)}`;
  return `not set up for ${hostOf(server)}: enter the topic and access token again in Settings → Phone (they were saved ${savedFor}, and are not sent to ${hostOf(server)})`;
}

/** The bound server's channel while the settings name another: what the app booked there is cancelled there. */
export function boundChannelLeft(s: EscalationSettings, keys: ChannelKeys, boundTo: string | undefined) {
  if (boundTo === undefined || !keys.ntfyTopic || ntfyServerOf(s) === boundTo) return undefined;
  const c: Channel = {
    kind: 'ntfy',
    server: boundTo,
    topic: keys.ntfyTopic,
    ...(keys.ntfyToken ? { token: keys.ntfyToken } : {}),
  };
  return c;
}

/** The channel hashes of the ntfy bookings escalations.json holds (read quietly: its own read-back says the rest). */
async function bookedChannels(files: FileStore): Promise<Set<string>> {
  try {
    const text = await files.read(ESCALATIONS_FILE);
    const parsed = EscalationStateSchema.safeParse(text === undefined ? undefined : JSON.parse(text));
    if (!parsed.success) return new Set();
    const s = parsed.data;
    const held = [...Object.values(s.booked), ...Object.values(s.maybe ?? {}), ...(s.leftOn ?? [])];
    return new Set(held.flatMap((b) => (b.ch === undefined || 'receipt' in b ? [] : [b.ch])));
  } catch {
    return new Set();
  }
}

/** The server the topic and token are bound to, from the keychain; keys saved before the binding are bound here
 *  when escalations.json shows the app's bookings on the settings' server with that topic. */
export async function loadBinding(
  o: { files: FileStore; secrets: SecretStore },
  s: EscalationSettings,
  keys: ChannelKeys,
): Promise<string | undefined> {
  // No topic: nothing to bind (and no keychain read more for it at start).
  if (!keys.ntfyTopic) return undefined;
  const got = await o.secrets.get(NTFY_SERVER_ACCOUNT);
  const bound = got.ok && got.value ? z.string().min(1).safeParse(got.value) : undefined;
  if (bound?.success) return normalServer(bound.data);
  const server = ntfyServerOf(s);
  if (!got.ok || server === undefined) return undefined;
  const booked = await bookedChannels(o.files);
  if (!booked.has(ntfyChannelOf({ server, topic: keys.ntfyTopic }))) return undefined;
  const saved = await o.secrets.set(NTFY_SERVER_ACCOUNT, server);
  return saved.ok ? server : undefined;
}

/** Binds the topic and token to the server a Settings → Phone save names; why not, in words (no value). */
export async function bindOnSave(secrets: SecretStore, s: EscalationSettings): Promise<string | undefined> {
  const server = ntfyServerOf(s);
  if (server === undefined) return undefined;
  const r = await secrets.set(NTFY_SERVER_ACCOUNT, server);
  return r.ok ? undefined : r.error.message;
}
