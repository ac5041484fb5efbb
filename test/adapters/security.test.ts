import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hardenSession, type HardenableSession, type HeadersListener } from '../../electron/adapters/security';

function recordingSession() {
  const hooks: {
    request?: Parameters<HardenableSession['setPermissionRequestHandler']>[0];
    check?: () => boolean;
    headers?: HeadersListener;
  } = {};
  const session: HardenableSession = {
    setPermissionRequestHandler: (h) => void (hooks.request = h),
    setPermissionCheckHandler: (h) => void (hooks.check = h),
    webRequest: { onHeadersReceived: (l) => void (hooks.headers = l) },
  };
  return { session, hooks };
}

function directives(csp: string): Map<string, string> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim())
      .filter((d) => d !== '')
      .map((d) => [d.split(/\s+/)[0] ?? '', d]),
  );
}

describe('session hardening', () => {
  it('refuses every permission request and check', () => {
    const { session, hooks } = recordingSession();
    hardenSession(session);
    const answers: boolean[] = [];
    for (const permission of ['media', 'notifications', 'geolocation', 'clipboard-read'])
      hooks.request?.({}, permission, (g) => answers.push(g));
    expect(answers).toEqual([false, false, false, false]);
    expect(hooks.check?.()).toBe(false);
  });

  it("adds a CSP header to every response, keeping its other headers, at least as strict as the page's meta tag", async () => {
    const { session, hooks } = recordingSession();
    hardenSession(session);
    let answered: Record<string, string | string[]> | undefined;
    hooks.headers?.({ responseHeaders: { 'Content-Type': ['text/html'] } }, (r) => (answered = r.responseHeaders));
    expect(answered?.['Content-Type']).toEqual(['text/html']);
    const header = answered?.['Content-Security-Policy'];
    const csp = Array.isArray(header) ? header.join(';') : (header ?? '');
    const fromHeader = directives(csp);
    expect(fromHeader.get('script-src')).toBe("script-src 'self'");
    expect(fromHeader.get('frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(fromHeader.get('object-src')).toBe("object-src 'none'");
    const html = await readFile(join(process.cwd(), 'renderer', 'index.html'), 'utf8');
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(meta).not.toBe('');
    for (const [name, directive] of directives(meta)) expect(fromHeader.get(name)).toBe(directive);
  });

  it("leaves the app:// handler's own policy (with its stylesheet hash) as it is", () => {
    const { session, hooks } = recordingSession();
    hardenSession(session);
    const own = ["default-src 'none'; style-src 'self' 'sha256-abc='"];
    let answered: Record<string, string | string[]> | undefined;
    hooks.headers?.(
      {
        url: 'app://renderer/index.html?window=popover&view=status',
        responseHeaders: { 'Content-Security-Policy': own },
      },
      (r) => (answered = r.responseHeaders),
    );
    expect(answered?.['Content-Security-Policy']).toEqual(own);
    hooks.headers?.(
      { url: 'https://example.net/', responseHeaders: { 'Content-Security-Policy': own } },
      (r) => (answered = r.responseHeaders),
    );
    expect(answered?.['Content-Security-Policy']).not.toEqual(own);
  });
});
