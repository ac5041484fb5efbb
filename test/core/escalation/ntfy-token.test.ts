// ntfy with an access token on a protected server (adv50 round 7, finding 4): the phone's "I'm on it" is an http
// action the ntfy app runs with only the headers given in the action (docs/publish.md, "Send HTTP request":
// `headers.Authorization=Bearer …`). The action is stored with the message on the user's own ntfy server and posts
// to that same server (`<topic>-ack`), so the token goes nowhere else. The stand-in refuses an unauthenticated post
// to a protected topic as ntfy does (403). Failed before: the action carried no Authorization, so the phone's answer
// was refused and never reached the app.
import { afterEach, describe, expect, it } from 'vitest';
import { loadAlarmStore } from '../../../electron/core/alarm/alarm-store';
import { createAlarmEngine } from '../../../electron/core/alarm/engine';
import { createEscalator } from '../../../electron/core/escalation/escalator';
import { fetchSend, type HttpSend } from '../../../electron/core/escalation/http';
import { createNtfy, ntfyActions } from '../../../electron/core/escalation/ntfy';
import { IoClock } from '../support/io-clock';
import { MemoryFileStore } from '../support/memory-file-store';
import { startStandIn, type StandIn } from '../../support/phone-standin';
import { alarmTarget, MIN, T, TOPIC } from './support/escalator-rig';

const TOKEN = 'tk_AgQdq7mVBoFD37zQVN29RhuMzNIz2';
let standIn: StandIn | undefined;
afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

describe('ntfy with an access token on a protected server', () => {
  it('the action carries the token for the same server only; without a token it carries none', () => {
    const withToken = ntfyActions({ server: 'https://ntfy.example.com/', topic: TOPIC, token: TOKEN }, 'oc1');
    expect(withToken).toBe(
      `http, I'm on it, https://ntfy.example.com/${TOPIC}-ack, method=POST, body=ack oc1, clear=true, ` +
        `headers.Authorization=Bearer ${TOKEN}`,
    );
    expect(ntfyActions({ server: 'https://ntfy.example.com', topic: TOPIC }, 'oc1')).not.toContain('headers.');
  });

  it('the phone\'s "I\'m on it" reaches the app; an unauthenticated post is refused', async () => {
    const clock = new IoClock(T - 60 * MIN);
    const s = await startStandIn(() => clock.now());
    standIn = s;
    s.protect([TOPIC, `${TOPIC}-ack`], TOKEN);
    const send: HttpSend = (req, timeoutMs) => clock.inFlight.track(fetchSend(req, timeoutMs));
    const files = new MemoryFileStore();
    const store = await loadAlarmStore(files, () => clock.now());
    const engine = createAlarmEngine({ clock, store, ring: () => undefined });
    const esc = await createEscalator(
      {
        clock,
        files,
        provider: createNtfy({ server: s.url, topic: TOPIC, token: TOKEN, clock, send }),
        afterMs: 3 * MIN,
        alarm: (key) => store.get(key),
        phoneAck: (key) => void clock.inFlight.track(engine.ack(key, 'phone')),
      },
      () => ({ title: 'Shift start not acknowledged — Ops', body: 'Your shift started 3 min ago.' }),
    );
    const t = alarmTarget(T);
    engine.setTargets([t]);
    await clock.inFlight.track(esc.setTargets([t]));
    await clock.advanceTo(T + 3 * MIN);
    const [alert] = s.rang(TOPIC);
    if (!alert) throw new Error('the phone did not ring');
    const anonymous = await fetch(`${s.url}/${TOPIC}-ack`, { method: 'POST', body: 'ack x' });
    expect(anonymous.status).toBe(403);
    await clock.inFlight.track(s.tapAction(alert));
    for (let i = 0; i < 15 && store.get(t.key)?.ackedAtMs === undefined; i++) await clock.advance(1000);
    expect(store.get(t.key)?.ackSource).toBe('phone');
    engine.stop();
    await esc.stop();
  });
});
