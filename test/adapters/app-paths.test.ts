import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isRendererUrl, unpackedPath } from '../../electron/adapters/app-paths';

const INDEX = '/opt/OnCall Tray/resources/app.asar/dist/renderer/index.html';

describe('which page counts as our renderer (IPC sender check)', () => {
  it('accepts our bundled index.html with any query or hash, as Electron spells file URLs', () => {
    const url = pathToFileURL(INDEX).href;
    expect(url).toContain('OnCall%20Tray');
    expect(isRendererUrl(`${url}?window=popover&view=status`, INDEX, 'linux')).toBe(true);
    expect(isRendererUrl(`${url}#/override`, INDEX, 'linux')).toBe(true);
  });

  it('refuses other files, remote pages, look-alike paths and file URLs with a host', () => {
    for (const url of [
      'file:///opt/OnCall%20Tray/resources/app.asar/dist/renderer/other.html',
      'file:///opt/OnCall%20Tray/resources/app.asar/dist/renderer/../renderer/index.html.evil',
      'file://evil.example.net/opt/OnCall%20Tray/resources/app.asar/dist/renderer/index.html',
      'https://evil.example.net/index.html',
      'about:blank',
      'not a url',
    ]) {
      expect(isRendererUrl(url, INDEX, 'linux'), url).toBe(false);
    }
  });

  it('normalises dot segments (they resolve to the same file)', () => {
    expect(isRendererUrl('file:///opt/OnCall%20Tray/resources/app.asar/dist/main/../renderer/index.html', INDEX, 'linux')).toBe(true);
  });
});

describe('paths handed to other processes', () => {
  it('point into app.asar.unpacked, where notify-send can read them', () => {
    expect(unpackedPath('/opt/OnCall Tray/resources/app.asar/dist/icons/app.png')).toBe('/opt/OnCall Tray/resources/app.asar.unpacked/dist/icons/app.png');
    expect(unpackedPath('/home/me/oncall/dist/icons/app.png')).toBe('/home/me/oncall/dist/icons/app.png');
  });
});
