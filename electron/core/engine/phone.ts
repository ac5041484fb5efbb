// Phone escalation in the engine (issue 50): the escalator (core/escalation) made from Settings → Phone and the
// secrets in the keychain (SECRET_ACCOUNTS; held in main's memory only), told the alarm's targets and each
// acknowledgement, and made anew when the settings or secrets change. Settings → Phone's intents: save, a new topic,
// and "Send test", which waits (bounded) for the phone's "I'm on it" so the round trip is proven. What it shows
// (PhoneStatus, in the state) names no secret; the subscribe link names the topic, so it is given apart (subscribeLink),
// only to Settings → Phone, for the one person who owns it.
import type { PhoneIntent, PhoneResult, PhoneSecrets, PhoneStatus } from '../../shared/phone-intent';
import type { EscalationSettings } from '../../shared/escalation-settings';
import { formatTime } from '../../shared/format';
import type { AlarmKnowledge } from '../alarm/alarm-claims';
import type { AlarmRecord, AlarmTarget } from '../alarm/types';
import { phoneWords } from '../alarm/words';
import { createEscalator, type Escalator, type EscalatorOptions, type EscalatorStatus } from '../escalation/escalator';
import { fetchSend, type HttpSend } from '../escalation/http';
import { createNtfy } from '../escalation/ntfy';
import { createPushover } from '../escalation/pushover';
import { generateTopic, redact, secretProblem } from '../escalation/secret';
import { SECRET_ACCOUNTS, type PhoneProvider } from '../escalation/types';
import { createWebhook } from '../escalation/webhook';
import type { Notice } from '../storage/settings-store';
import type { Clock, FileStore, SecretStore } from '../ports';

/** "Send test" waits this long for the phone's "I'm on it". */
export const PHONE_TEST_WAIT_MS = 120_000;
const TEST_POLL_MS = 2_000;

type Secrets = { [K in keyof typeof SECRET_ACCOUNTS]?: string };

export interface PhoneWiringOptions {
  clock: Clock;
  files: FileStore;
  secrets: SecretStore;
  localZone: () => string;
  log: (message: string) => void;
  settings: () => EscalationSettings;
  /** Saves the settings like the others; answers why not, when it could not. */
  save: (settings: EscalationSettings) => Promise<string | undefined>;
  alarm: (key: string) => AlarmRecord | undefined;
  refreshAlarms: () => Promise<void>;
  phoneAck: (key: string) => void;
  changed: () => void;
  report: (notice: Notice) => void;
  /** The accounts and their watched schedules, that escalations.json entries are checked against. */
  known?: () => readonly AlarmKnowledge[];
  send?: HttpSend;
  pushoverApi?: string;
  testWaitMs?: number;
}

export interface EnginePhone {
  start(): Promise<void>;
  /** The settings changed (a save from Settings, or the file): the escalator is made anew. */
  settingsChanged(): void;
  setTargets(targets: readonly AlarmTarget[]): void;
  acknowledged(key: string): void;
  intent(intent: PhoneIntent): Promise<PhoneResult>;
  status(): PhoneStatus;
  /** ntfy's https link a phone subscribes with (server/topic, no token); null when there is none to give. */
  subscribeLink(): string | null;
  /** What the readiness line reads. */
  readiness(): { hasSecrets: boolean; status: EscalatorStatus | undefined; testedAtMs: number | undefined };
  stop(): void;
  settled(): Promise<void>;
}

function hasSecretsFor(s: EscalationSettings, k: Secrets): boolean {
  if (s.provider === 'ntfy') return !!k.ntfyTopic;
  if (s.provider === 'pushover') return !!k.pushoverApp && !!k.pushoverUser;
  if (s.provider === 'webhook') return !!k.webhookUrl;
  return false;
}

function providerOf(o: PhoneWiringOptions, s: EscalationSettings, k: Secrets): PhoneProvider | undefined {
  if (!hasSecretsFor(s, k)) return undefined;
  const send = o.send ?? fetchSend;
  const { clock } = o;
  if (s.provider === 'ntfy' && k.ntfyTopic)
    return createNtfy({
      server: s.ntfyServer,
      topic: k.ntfyTopic,
      clock,
      send,
      ...(k.ntfyToken ? { token: k.ntfyToken } : {}),
    });
  if (s.provider === 'pushover' && k.pushoverApp && k.pushoverUser)
    return createPushover({
      appToken: k.pushoverApp,
      userKey: k.pushoverUser,
      clock,
      send,
      ...(o.pushoverApi ? { api: o.pushoverApi } : {}),
    });
  if (s.provider === 'webhook' && k.webhookUrl) return createWebhook({ url: k.webhookUrl, clock, send });
  return undefined;
}

/** Why a secret given in Settings is refused (never its value), or undefined. */
function refusal(given: PhoneSecrets): string | undefined {
  if (given.ntfyTopic) return secretProblem(given.ntfyTopic, 'The topic');
  if (given.webhookUrl && !/^https:\/\/\S+$/.test(given.webhookUrl))
    return 'The webhook address must start with https://';
  return undefined;
}

async function loadKeys(o: PhoneWiringOptions, keys: Secrets): Promise<void> {
  for (const [name, account] of Object.entries(SECRET_ACCOUNTS)) {
    const got = await o.secrets.get(account);
    const value = got.ok ? got.value : undefined;
    Reflect.set(keys, name, value || undefined);
  }
}

/** What "Send test" and the status share with the escalator's side. */
interface PhoneRun {
  keys: Secrets;
  testedAtMs: number | undefined;
  stopped: boolean;
}

const secretValuesOf = (keys: Secrets) => Object.values(keys).filter((v): v is string => !!v);

/** Each secret given into the keychain (an empty one deletes it) and main's memory; why not, in words (no value). */
async function storeSecrets(o: PhoneWiringOptions, keys: Secrets, given: PhoneSecrets | undefined) {
  const refused = given ? refusal(given) : undefined;
  if (refused) return `${refused}: nothing was saved.`;
  for (const [name, value] of Object.entries(given ?? {})) {
    const account: unknown = Reflect.get(SECRET_ACCOUNTS, name);
    if (typeof account !== 'string' || typeof value !== 'string') continue;
    const r = value === '' ? await o.secrets.delete(account) : await o.secrets.set(account, value);
    if (!r.ok) return `The keychain refused it (${r.error.message}): nothing more was saved.`;
    Reflect.set(keys, name, value || undefined);
  }
  return undefined;
}

/** "Send test": sends a test alert and waits (bounded) for the phone's "I'm on it". */
async function sendTest(o: PhoneWiringOptions, run: PhoneRun): Promise<PhoneResult> {
  const s = o.settings();
  // Its own provider: its poll of the phone's answers must not move the escalator's.
  const provider = s.provider === 'off' ? undefined : providerOf(o, s, run.keys);
  if (!provider) return { ok: false, message: 'Phone escalation is not set up: choose a service and its keys first.' };
  const id = `octest${o.clock.now().toString(36)}`;
  const sent = await provider.send({
    id,
    title: 'Test from OnCall Tray',
    body: 'Tap “I’m on it” so the app knows your phone rings and answers.',
  });
  if (!sent.ok)
    return { ok: false, message: `The test could not be sent: ${redact(sent.error, secretValuesOf(run.keys))}.` };
  if (!provider.pollAcks) {
    run.testedAtMs = o.clock.now();
    o.changed();
    return { ok: true, message: 'Sent. A webhook cannot answer back: check that it arrived.' };
  }
  const untilMs = o.clock.now() + (o.testWaitMs ?? PHONE_TEST_WAIT_MS);
  while (o.clock.now() < untilMs && !run.stopped) {
    await new Promise<void>((resolve) => o.clock.setTimer(TEST_POLL_MS, resolve));
    const answer = await provider.pollAcks();
    if (answer.ok && answer.value.includes(id)) {
      run.testedAtMs = o.clock.now();
      o.changed();
      const at = formatTime(run.testedAtMs, { localZone: o.localZone() });
      return { ok: true, message: `Your phone answered at ${at}: the round trip works.` };
    }
  }
  return {
    ok: false,
    message: 'The test was sent, but no “I’m on it” came back in time: check the subscription on your phone.',
  };
}

const serverOf = (s: EscalationSettings) => (s.provider === 'ntfy' ? s.ntfyServer.replace(/\/+$/, '') : null);

function statusOf(o: PhoneWiringOptions, run: PhoneRun, escalator: Escalator | undefined): PhoneStatus {
  const s = o.settings();
  const st = escalator?.status();
  return {
    provider: s.provider,
    server: serverOf(s),
    hasSecrets: hasSecretsFor(s, run.keys),
    lastTest: run.testedAtMs === undefined ? null : new Date(run.testedAtMs).toISOString(),
    booking: !st ? 'off' : st.booking ? 'booked' : 'sent-by-this-computer',
    nextBooked: st?.nextBookedMs === undefined ? null : new Date(st.nextBookedMs).toISOString(),
    problem: st?.problem ?? null,
  };
}

function subscribeLinkOf(o: PhoneWiringOptions, keys: Secrets): string | null {
  const server = serverOf(o.settings());
  return server && keys.ntfyTopic && server.startsWith('https://') ? `${server}/${keys.ntfyTopic}` : null;
}

/** The escalator's outside world: its log never carries a secret (each value in the keychain is redacted). */
function escalatorOptions(
  o: PhoneWiringOptions,
  provider: PhoneProvider,
  afterMin: number,
  keys: Secrets,
): EscalatorOptions {
  return {
    clock: o.clock,
    files: o.files,
    provider,
    afterMs: afterMin * 60_000,
    alarm: o.alarm,
    refresh: o.refreshAlarms,
    phoneAck: o.phoneAck,
    changed: () => o.changed(),
    log: (m) => o.log(redact(m, secretValuesOf(keys))),
    report: o.report,
    ...(o.known ? { known: o.known } : {}),
  };
}

export function createEnginePhone(o: PhoneWiringOptions): EnginePhone {
  const run: PhoneRun = { keys: {}, testedAtMs: undefined, stopped: false };
  const { keys } = run;
  let escalator: Escalator | undefined;
  let building: Promise<void> = Promise.resolve();
  /** Requests to the phone service started and not yet answered (`settled` waits for them). */
  let work: Promise<unknown> = Promise.resolve();
  const track = (p: Promise<unknown> | undefined): void => {
    work = Promise.all([
      work,
      p?.catch((e: unknown) => o.log(`phone escalation: ${redact(String(e), secretValues())}`)),
    ]);
  };
  let targets: readonly AlarmTarget[] = [];
  const secretValues = () => secretValuesOf(keys);
  const words = (t: AlarmTarget) => phoneWords(t, o.settings().afterMin, o.localZone());

  function rebuild(): Promise<void> {
    building = building.then(async () => {
      escalator?.stop();
      escalator = undefined;
      const s = o.settings();
      const provider = run.stopped || s.provider === 'off' ? undefined : providerOf(o, s, keys);
      if (provider) {
        escalator = await createEscalator(escalatorOptions(o, provider, s.afterMin, keys), words);
        // Not awaited: a save answers at once; a booking that fails (after its bounded tries) shows in readiness.
        track(escalator.setTargets(targets).then(o.changed));
      }
      o.changed();
    });
    return building;
  }

  async function save(settings: EscalationSettings, secrets: PhoneSecrets | undefined): Promise<PhoneResult> {
    // ntfy chosen with no topic yet: the app draws one (≥ 24 random characters), never the user.
    const drawn = settings.provider === 'ntfy' && !keys.ntfyTopic && !secrets?.ntfyTopic;
    const given = drawn ? { ...secrets, ntfyTopic: generateTopic() } : secrets;
    const notStored = await storeSecrets(o, keys, given);
    if (notStored) return { ok: false, message: notStored };
    const notSaved = await o.save(settings);
    await rebuild();
    if (notSaved) return { ok: false, message: `The settings could not be saved: ${notSaved}` };
    return { ok: true, message: 'Saved.' };
  }

  return {
    async start() {
      await loadKeys(o, keys);
      await rebuild();
    },
    settingsChanged: () => void rebuild(),
    setTargets(next) {
      targets = next;
      // What is booked shows in the state (PhoneStatus, readiness) once the server has answered.
      track(building.then(() => escalator?.setTargets(next)).then(o.changed));
    },
    acknowledged: (key) => track(building.then(() => escalator?.acknowledged(key)).then(o.changed)),
    async intent(i) {
      if (i.kind === 'save') return save(i.settings, i.secrets);
      if (i.kind === 'new-topic') return save(o.settings(), { ntfyTopic: generateTopic() });
      return sendTest(o, run);
    },
    status: () => statusOf(o, run, escalator),
    subscribeLink: () => subscribeLinkOf(o, keys),
    readiness: () => ({
      hasSecrets: hasSecretsFor(o.settings(), keys),
      status: escalator?.status(),
      testedAtMs: run.testedAtMs,
    }),
    stop() {
      run.stopped = true;
      escalator?.stop();
    },
    settled: async () => {
      await building;
      await work;
    },
  };
}
