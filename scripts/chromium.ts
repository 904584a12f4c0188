/**
 * Debian's Chromium as the browser tests and the screenshots drive it: no browser download, a fresh
 * profile, and no background networking (this machine's network reaches nothing else).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;
