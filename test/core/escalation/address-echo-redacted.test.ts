// A webhook's address is its credential, and a receiver that refuses may echo any part of it (adv50 r19 #1: n8n's 404
// names the path without `/webhook/`; another echoes it without its leading `/`, decoded, encoded, in another case).
// Generated addresses and echo forms go through the provider's own error path (providerOfChannel: the one redaction
// every phone provider's answers pass): no path segment, query value or password of the address may come out.
// Failed before: only the whole address, the whole path with its leading `/`, user/password and query were removed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { providerOfChannel } from '../../../electron/core/engine/phone-channels';
import { FakeClock } from '../support/fake-clock';

/** Long enough to be a secret (shorter parts are ordinary words: "hook", "v1"). */
const secretPart = fc.stringMatching(/^[A-Za-z0-9._~-]{6,24}$/);
const oddPart = fc.stringMatching(/^[A-Za-z0-9 @:é+]{6,16}$/).filter((s) => s.trim() === s);
const shortPart = fc.constantFrom('hook', 'v1', 'api', 'T', 'in');
const part = fc.oneof(secretPart, oddPart, shortPart);

const world = fc.record({
  segments: fc.array(part, { minLength: 1, maxLength: 5 }),
  query: fc.array(fc.tuple(fc.constantFrom('key', 'sig', 'token'), secretPart), { maxLength: 2 }),
  password: fc.option(secretPart, { nil: undefined }),
  status: fc.constantFrom(400, 401, 403, 404, 410),
  echo: fc.nat(),
  body: fc.constantFrom('n8n', 'errors', 'text', 'html'),
});
type World = typeof world extends fc.Arbitrary<infer W> ? W : never;

function addressOf(w: World): string {
  const path = w.segments.map(encodeURIComponent).join('/');
  const query = w.query.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
  const user = w.password === undefined ? '' : `hook:${w.password}@`;
  return `https://${user}hooks.example.com/${path}${query ? `?${query}` : ''}`;
}

/** What a careless receiver may say of the address it was called at. */
function echoes(address: string): string[] {
  const u = new URL(address);
  const path = u.pathname;
  const segs = path.split('/').filter(Boolean);
  return [
    address,
    path,
    path.slice(1),
    segs.slice(1).join('/'),
    ...segs,
    segs.slice(0, -1).join('/'),
    decodeURIComponent(path.slice(1)),
    encodeURIComponent(path),
    path.replace(/\//g, '\\/'),
    path.toUpperCase(),
    decodeURIComponent(path).toLowerCase(),
    ...[...u.searchParams.values()],
    u.search,
    decodeURIComponent(u.password),
  ];
}

function bodyOf(kind: World['body'], echo: string): string {
  if (kind === 'n8n')
    return JSON.stringify({ code: 404, error: `The requested webhook "POST ${echo}" is not registered.` });
  if (kind === 'errors') return JSON.stringify({ errors: [`no such hook ${echo}`] });
  if (kind === 'html') return `<html><body><h1>Not found</h1><p>${echo}</p></body></html>`;
  return `no such hook ${echo}`;
}

/** The parts a person must never read back: each long enough to be a secret, as sent and decoded. */
function secretsOf(w: World): string[] {
  const parts = [...w.segments, ...w.query.map(([, v]) => v), ...(w.password === undefined ? [] : [w.password])];
  return parts.filter((p) => p.length >= 6).flatMap((p) => [p, encodeURIComponent(p)]);
}

describe('a webhook receiver echoing its address in a refusal', () => {
  it('never shows any part of the address beyond the host, in any echo form', async () => {
    await fc.assert(
      fc.asyncProperty(world, async (w) => {
        const address = addressOf(w);
        const forms = echoes(address);
        const echo = forms[w.echo % forms.length] ?? address;
        const clock = new FakeClock(Date.parse('2026-03-10T06:00:00Z'));
        const send = () => Promise.resolve({ status: w.status, text: bodyOf(w.body, echo) });
        const provider = providerOfChannel({ clock, send }, { kind: 'webhook', url: address });
        const r = await provider.send({ id: 'oa1', title: 'Test', body: 'Test', test: true });
        expect(r.ok).toBe(false);
        const said = r.ok ? '' : r.error.toLowerCase();
        expect(said).toContain(`the server answered ${w.status}`);
        for (const secret of secretsOf(w)) expect(said).not.toContain(secret.toLowerCase());
      }),
    );
  });
});
