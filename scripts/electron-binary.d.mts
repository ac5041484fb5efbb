/** Electron's binary, or undefined when it was never downloaded; never starts a download (see electron-binary.mjs). */
export function electronBinary(from?: string): string | undefined;
