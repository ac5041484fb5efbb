import { describe, expect, it } from 'vitest';
import { isRendererUrl, unpackedPath } from '../../electron/adapters/app-paths';
import { RENDERER_INDEX_URL } from '../../electron/adapters/app-protocol';

describe('which page counts as our renderer (IPC sender check)', () => {
  it('accepts app://renderer/index.html with any query or hash', () => {
    expect(isRendererUrl(`${RENDERER_INDEX_URL}?window=popover&view=status`)).toBe(true);
    expect(isRendererUrl(`${RENDERER_INDEX_URL}#/override`)).toBe(true);
    expect(isRendererUrl('app://renderer/main/../index.html')).toBe(true); // dot segments name the same page
  });

  it('refuses other pages, other hosts, file:// (the old way in) and remote pages', () => {
    for (const url of [
      'app://renderer/other.html',
      'app://renderer/index.html.evil',
      'app://evil/index.html',
      'file:///opt/OnCall%20Tray/resources/app.asar/dist/renderer/index.html',
      'https://evil.example.net/index.html',
      'about:blank',
      'not a url',
    ]) {
      expect(isRendererUrl(url), url).toBe(false);
    }
  });
});

describe('paths handed to other processes', () => {
  it('point into app.asar.unpacked, where notify-send can read them', () => {
    expect(unpackedPath('/opt/OnCall Tray/resources/app.asar/dist/icons/app.png')).toBe(
      '/opt/OnCall Tray/resources/app.asar.unpacked/dist/icons/app.png',
    );
    expect(unpackedPath('/home/me/oncall/dist/icons/app.png')).toBe('/home/me/oncall/dist/icons/app.png');
  });
});
