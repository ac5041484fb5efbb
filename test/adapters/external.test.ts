import { describe, expect, it } from 'vitest';
import { checkExternalUrl, createExternalOpener } from '../../electron/adapters/external';

const BASE = 'https://oncall.example.com/api/v1';

describe('opening links in the browser', () => {
  it('opens https links to the service host', async () => {
    const opened: string[] = [];
    const open = createExternalOpener({
      shell: { openExternal: async (u) => void opened.push(u) },
      serviceBaseUrl: () => BASE,
    });
    expect(await open('https://oncall.example.com/schedules/sch_1')).toEqual({ ok: true, value: null });
    expect(opened).toEqual(['https://oncall.example.com/schedules/sch_1']);
  });

  it('refuses other hosts, look-alike hosts, http, javascript: and credentials, and opens nothing', async () => {
    const opened: string[] = [];
    const open = createExternalOpener({
      shell: { openExternal: async (u) => void opened.push(u) },
      serviceBaseUrl: () => BASE,
    });
    for (const url of [
      'https://evil.example.net/',
      'https://oncall.example.com.evil.net/',
      'http://oncall.example.com/',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'https://user:pw@oncall.example.com/',
      'not a url',
    ]) {
      const result = await open(url);
      expect(result.ok, url).toBe(false);
    }
    expect(opened).toEqual([]);
  });

  it('refuses everything while no service address is set, saying why', () => {
    expect(checkExternalUrl('https://oncall.example.com/', '')).toMatchObject({
      ok: false,
      error: { message: 'No service address is set, so no link can be opened.' },
    });
  });

  it('reports a browser that fails to open as a result, not an exception', async () => {
    const open = createExternalOpener({
      shell: {
        openExternal: async () => {
          throw new Error('no browser');
        },
      },
      serviceBaseUrl: () => BASE,
    });
    expect(await open('https://oncall.example.com/')).toMatchObject({ ok: false, error: { kind: 'external_failed' } });
  });

  it('opens our release pages (the update notice) and nothing that only looks like them', async () => {
    const opened: string[] = [];
    const pages = 'https://github.com/oncall-tray/oncall-tray/releases/';
    const open = createExternalOpener({
      shell: { openExternal: async (url) => void opened.push(url) },
      serviceBaseUrl: () => '',
      releasePages: () => pages,
    });
    expect(await open(`${pages}tag/v0.2.0`)).toEqual({ ok: true, value: null });
    for (const url of [
      'https://github.com/oncall-tray/oncall-tray/releases/../../other/repo',
      'https://github.com/oncall-tray/oncall-tray-evil/releases/tag/v1',
      'https://github.com.evil.example/oncall-tray/oncall-tray/releases/tag/v1',
      'https://user@github.com/oncall-tray/oncall-tray/releases/tag/v1',
      'http://github.com/oncall-tray/oncall-tray/releases/tag/v1',
    ]) {
      expect(await open(url), url).toMatchObject({ ok: false, error: { kind: 'external_refused' } });
    }
    expect(opened).toEqual([`${pages}tag/v0.2.0`]);
  });
});
