// Where Settings → Phone sends (a channel: ntfy's server, topic and token; Pushover's keys; a webhook) as a value,
// the provider made from it, and the channels no longer used that may still hold a booking (issue 50). Those keep
// their keys in the keychain (RETIRED_ACCOUNT), never on disk, until the escalator has cancelled what they hold:
// a restart in between still cancels it. escalations.json names a channel only by its hash (PhoneProvider.channel).
import { z } from 'zod';
import type { EscalationSettings } from '../../shared/escalation-settings';
import type { HttpSend } from '../escalation/http';
import type { HttpStream } from '../escalation/http-stream';
import { createNtfy } from '../escalation/ntfy';
import { createPushover } from '../escalation/pushover';
import { redactingSend, urlSecrets } from '../escalation/secret';
import type { RateGate } from '../escalation/rate-gate';
import type { PhoneProvider } from '../escalation/types';
import { createWebhook } from '../escalation/webhook';
import type { Clock, SecretStore } from '../ports';

/** The keychain entry of the channels left that may still hold a booking (their keys: a secret like the others). */
export const RETIRED_ACCOUNT = 'phone-escalation:retired-channels';

export const ChannelSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ntfy'), server: z.string(), topic: z.string(), token: z.string().optional() }),
  z.object({ kind: z.literal('pushover'), appToken: z.string(), userKey: z.string() }),
  z.object({ kind: z.literal('webhook'), url: z.string() }),
]);
export type Channel = z.infer<typeof ChannelSchema>;

export interface ChannelKeys {
  ntfyTopic?: string | undefined;
  ntfyToken?: string | undefined;
  pushoverApp?: string | undefined;
  pushoverUser?: string | undefined;
  webhookUrl?: string | undefined;
}

/** The channel the settings and keys name; undefined when off or a key is missing. */
export function channelOf(s: EscalationSettings, k: ChannelKeys): Channel | undefined {
  if (s.provider === 'ntfy' && k.ntfyTopic)
    return {
      kind: 'ntfy',
      server: s.ntfyServer.replace(/\/+$/, ''),
      topic: k.ntfyTopic,
      ...(k.ntfyToken ? { token: k.ntfyToken } : {}),
    };
  if (s.provider === 'pushover' && k.pushoverApp && k.pushoverUser)
    return { kind: 'pushover', appToken: k.pushoverApp, userKey: k.pushoverUser };
  if (s.provider === 'webhook' && k.webhookUrl) return { kind: 'webhook', url: k.webhookUrl };
  return undefined;
}

export interface ProviderWiring {
  clock: Clock;
  send: HttpSend;
  /** The ntfy answers' streaming subscription (none: fetch's). */
  stream?: HttpStream | undefined;
  pushoverApi?: string | undefined;
  /** Each channel's Retry-After wait, kept across restarts (rate-gate-store.ts). */
  gateFor?: ((channel: string) => RateGate) | undefined;
}

export function providerOfChannel(w: ProviderWiring, c: Channel): PhoneProvider {
  const { clock } = w;
  // Whatever its server answers in a refusal reaches readiness and Send test without the channel's secrets.
  const send = redactingSend(w.send, channelSecrets(c));
  const gated = w.gateFor ? { gateFor: w.gateFor } : {};
  if (c.kind === 'ntfy')
    return createNtfy({
      server: c.server,
      topic: c.topic,
      clock,
      send,
      ...gated,
      ...(w.stream ? { stream: w.stream } : {}),
      ...(c.token ? { token: c.token } : {}),
    });
  if (c.kind === 'pushover')
    return createPushover({
      appToken: c.appToken,
      userKey: c.userKey,
      clock,
      send,
      ...gated,
      ...(w.pushoverApi ? { api: w.pushoverApi } : {}),
    });
  return createWebhook({ url: c.url, clock, send, ...gated });
}

/** Every secret a channel holds (to redact from logs). */
export const channelSecrets = (c: Channel): string[] =>
  c.kind === 'ntfy'
    ? [c.topic, ...(c.token ? [c.token] : [])]
    : c.kind === 'pushover'
      ? [c.appToken, c.userKey]
      : urlSecrets(c.url);

/** The channels left, from the keychain; none when absent or not the app's. */
export async function loadRetired(secrets: SecretStore): Promise<Channel[]> {
  const got = await secrets.get(RETIRED_ACCOUNT);
  if (!got.ok || !got.value) return [];
  try {
    const parsed = z.array(ChannelSchema).max(20).safeParse(JSON.parse(got.value));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** Keeps the channels left in the keychain (none: the entry is deleted); why not, in words without a value. */
export async function saveRetired(secrets: SecretStore, channels: readonly Channel[]): Promise<string | undefined> {
  const r =
    channels.length === 0
      ? await secrets.delete(RETIRED_ACCOUNT)
      : await secrets.set(RETIRED_ACCOUNT, JSON.stringify(channels));
  return r.ok ? undefined : r.error.message;
}

/** The channel in use and those left that may still hold a booking. */
export interface ChannelBook {
  current: Channel | undefined;
  retired: Channel[];
}

const idOf = (w: ProviderWiring, c: Channel): string => providerOfChannel(w, c).channel;

/** The channel in use becomes `next`: the one left joins those that may still hold a booking (its keys kept in the
 *  keychain until the escalator has cancelled what it holds); one come back to is in use again. Answers why the
 *  keys could not be kept, if so. */
export async function switchChannel(
  w: ProviderWiring,
  secrets: SecretStore,
  book: ChannelBook,
  next: Channel | undefined,
): Promise<string | undefined> {
  const before = book.current;
  book.current = next;
  const nextId = next && idOf(w, next);
  const left = before && before.kind !== 'webhook' && idOf(w, before) !== nextId ? [before] : [];
  const retired = [...book.retired, ...left].filter(
    (c, i, all) => idOf(w, c) !== nextId && all.findIndex((x) => idOf(w, x) === idOf(w, c)) === i,
  );
  if (retired.length === book.retired.length && left.length === 0) return undefined;
  book.retired = retired;
  return saveRetired(secrets, retired);
}

/** Nothing is left on a channel: its keys leave the keychain. */
export async function dropRetired(
  w: ProviderWiring,
  secrets: SecretStore,
  book: ChannelBook,
  channel: string,
): Promise<void> {
  const kept = book.retired.filter((c) => idOf(w, c) !== channel);
  if (kept.length === book.retired.length) return;
  book.retired = kept;
  await saveRetired(secrets, kept);
}
