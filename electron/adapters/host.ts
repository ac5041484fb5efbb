// The system the app runs on, read in this one place: main asks here, and its test runs main as each platform
// (linux, darwin, win32) on any host by answering for this module.
export function hostPlatform(): NodeJS.Platform {
  return process.platform;
}
