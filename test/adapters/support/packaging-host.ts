// Which package packaging-build.test.ts can make on this machine. It packages for Linux with a stand-in Electron
// (Electron's binary can't be downloaded here), so it needs a Linux keytar.node: on macOS or Windows the
// native-architecture hook (scripts/native-arch.cjs) rightly refuses this machine's Mach-O or PE module in a Linux
// package, and a package for the host itself needs the real Electron (a signed .app bundle, an .exe that rcedit
// edits), which CI's "Package" step and scripts/smoke-packaged.mjs use. So: Linux packages, elsewhere it is skipped
// with the reason in the test's name.

export type PackagingHost =
  { kind: 'package'; platform: 'linux'; arch: 'x64' | 'arm64'; appDirName: string } | { kind: 'skip'; reason: string };

export function packagingHost(platform: NodeJS.Platform, arch: string): PackagingHost {
  const elsewhere = 'CI packages this host with the real Electron (npx electron-builder --dir, smoke-packaged.mjs)';
  if (platform !== 'linux') {
    const format = platform === 'darwin' ? 'Mach-O' : platform === 'win32' ? 'PE' : `${platform}`;
    return {
      kind: 'skip',
      reason: `skipped on ${platform}: it makes a Linux package, and this machine's ${format} keytar.node cannot go in one; ${elsewhere}`,
    };
  }
  if (arch !== 'x64' && arch !== 'arm64')
    return { kind: 'skip', reason: `skipped on linux-${arch}: the test is written for x64 and arm64 packages` };
  // electron-builder's folder for a dir target: linux-unpacked for x64, linux-<arch>-unpacked otherwise.
  return { kind: 'package', platform, arch, appDirName: arch === 'x64' ? 'linux-unpacked' : `linux-${arch}-unpacked` };
}
