// The renderer's tests run in a browser the machine already has: Debian's Chromium on Linux (here and in the CI
// container), the runner's Google Chrome on macOS and Windows, or the one CHROMIUM_PATH names. Never a download.
import { describe, expect, it } from 'vitest';
import { browserToLaunch } from './support/browser';

describe('the browser the renderer tests use', () => {
  it("is Debian's Chromium on Linux", () => {
    expect(browserToLaunch({}, 'linux')).toEqual({ executablePath: '/usr/bin/chromium' });
  });

  it('is the one CHROMIUM_PATH names, on any system', () => {
    expect(browserToLaunch({ CHROMIUM_PATH: 'C:\\Chrome\\chrome.exe' }, 'win32')).toEqual({
      executablePath: 'C:\\Chrome\\chrome.exe',
    });
  });

  it.skipIf(process.platform === 'linux')("is the runner's installed Chrome on macOS and Windows", () => {
    expect(browserToLaunch({}, process.platform)).toEqual({ channel: 'chrome' });
  });
});
