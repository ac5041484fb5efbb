// A 4xx whose body is markup keeps the service's words: a refusal written as '<p>…</p>' (any content type) and a
// proxy's whole HTML error page both give their visible text, tags dropped, entities read, bounded like any other
// message (one line, ≤300 chars, no control or bidi characters). Before, either was dropped ("rejected (HTTP 409)").
// A JSON message that contains markup is the service's text and is kept as written: the renderer shows text only.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractServerError } from '../../electron/api/error-mapping';
import { isMarkup, visibleText } from '../../electron/api/markup-text';
import { scrubSecret } from '../../electron/api/scrub';

const said = (body: string, type?: string) => extractServerError(body, type).message;

describe('markup bodies give their visible words', () => {
  it.each<[string, string, string | undefined, string]>([
    [
      'a refusal as text/plain tags',
      '<p>Overlaps override <b>ovr_1</b> by Dana</p>',
      'text/plain',
      'Overlaps override ovr_1 by Dana',
    ],
    ['tags inside plain text', 'Refused: <em>freeze</em> window', undefined, 'Refused: freeze window'],
    ['entities', '<p>Dana &amp; Eve &lt;ops&gt; &#8212; &#x41;</p>', 'text/html', 'Dana & Eve <ops> — A'],
    [
      'a proxy page (nginx)',
      '<html>\r\n<head><title>403 Forbidden</title></head>\r\n<body>\r\n<center><h1>403 Forbidden</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>',
      'text/html',
      '403 Forbidden nginx',
    ],
    [
      'scripts, styles and comments are not words',
      '<!DOCTYPE html><html><head><style>p{}</style><script>var x = "<b>no</b>";</script></head><!-- hidden --><body><p>Shown</p></body></html>',
      'text/html; charset=utf-8',
      'Shown',
    ],
    [
      // adv48 round 2 (minor d): a title outside <head> was glued before the body's words ("Gate Denied & logged").
      'a title without a head is not part of the body text',
      '<html><title>Gate</title><body><script>x()</script><p>Denied &amp; <b>logged</b></p></body></html>',
      'text/html',
      'Denied & logged',
    ],
    [
      'only a title',
      '<html><head><title>Bad &amp; gone</title></head><body> </body></html>',
      'text/html',
      'Bad & gone',
    ],
  ])('%s', (_case, body, type, expected) => {
    expect(said(body, type)).toBe(expected);
  });

  it('a page that shows nothing says nothing', () => {
    expect(said('<html><body><img src="x"></body></html>', 'text/html')).toBeUndefined();
  });

  it('bounded: one line, at most 300 characters, controls and bidi overrides out', () => {
    const long = `<html><body><h1>Denied</h1>${'<p>line\nof \u202etext\u0007</p>'.repeat(200)}</body></html>`;
    const m = said(long, 'text/html') ?? '';
    expect(m.startsWith('Denied line of text')).toBe(true);
    expect(m.length).toBeLessThanOrEqual(300);
    expect(m).not.toMatch(/[\n\u0007\u202e<>]/);
  });

  it('a key split by tags or written with entities is still scrubbed', () => {
    const key = 'k3y-ABCDEFGHIJKLMNOP';
    const body = `<p>bad key k3y-ABCD<b>EFGH</b>&#73;JKLMNOP</p>`;
    const m = extractServerError(body, 'text/html', (t) => scrubSecret(t, key)).message ?? '';
    expect(m).toContain('[redacted]');
    expect(m.replace(/\s/g, '')).not.toContain('ABCDEFGH');
  });

  it('"a < b" or "<3" is plain text, not markup', () => {
    expect(isMarkup('limit: a < b and c > d', 'text/plain')).toBe(false);
    expect(said('we <3 you', 'text/plain')).toBe('we <3 you');
    expect(visibleText('x')).toBe('x');
  });
});

describe('a JSON message with markup in it is text', () => {
  it('is kept as written (shown as text, never as markup)', () => {
    const body = JSON.stringify({ message: 'Use <b>another</b> window' });
    expect(said(body, 'application/json')).toBe('Use <b>another</b> window');
  });

  it('no renderer template renders a string as markup ({@html})', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((n) => {
        const p = join(dir, n);
        return statSync(p).isDirectory() ? files(p) : /\.(svelte|ts)$/.test(n) ? [p] : [];
      });
    const renderer = join(__dirname, '../../renderer/src');
    const found = files(renderer).filter((f) => /\{@html|innerHTML|insertAdjacentHTML/.test(readFileSync(f, 'utf8')));
    expect(found).toEqual([]);
  });
});
