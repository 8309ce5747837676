import { existsSync } from 'node:fs';
import type { LaunchOptions } from '@playwright/test';

/**
 * Which Chromium the e2e tests drive: PLAYWRIGHT_CHROMIUM_EXECUTABLE, then Debian's
 * /usr/bin/chromium, then Playwright's own managed browser (undefined path), so the same
 * suite runs on CI machines that cannot download browsers and on developers' machines.
 */
export function chromiumExecutable(): string | undefined {
  const fromEnv = process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE;
  if (fromEnv) return fromEnv;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  return undefined;
}

/** Flags that keep Chromium from reaching out to the network on machines with none. */
export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: chromiumExecutable(),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
    '--no-first-run',
    // No public name resolves: the browser under test never reaches the network, and a
    // 3-D Secure returnUrl (https://<return host>/…) fails locally after the host saw it.
    '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
  ],
};
