import { existsSync } from 'node:fs';
import { chromium, type Browser, type LaunchOptions } from 'playwright-core';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** WebSocket addresses of the Chromiums that the e2e project's globalSetup started, if it did. */
    chromiumEndpoints?: Record<Build, string>;
  }
}

/**
 * Which of Debian's two headless Chromiums a test file drives:
 * - `shell`, the old headless shell (package chromium-headless-shell), the same engine without
 *   the browser's own UI and services, which Playwright itself runs for headless tests. The
 *   end-to-end project's files measured 40 % less CPU and 40 % less time with it (every-page alone
 *   94 s of CPU and 139 s against 54 s and 85 s), so it is the default;
 * - `full`, the browser (package chromium), for what the shell leaves out or draws otherwise:
 *   notifications, which the shell denies without asking, and text as a phone's Chrome draws it
 *   (the shell places glyphs differently enough to wrap a fallback face's line early).
 * Where the shell is not installed, both are the browser.
 */
export type Build = 'shell' | 'full';

const paths: Record<Build, string> = {
  full: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  shell:
    process.env.CHROMIUM_SHELL_PATH ??
    (existsSync('/usr/bin/chromium-headless-shell')
      ? '/usr/bin/chromium-headless-shell'
      : (process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')),
};

/** Debian's Chromium, headless, with a fresh profile and no network chatter. */
const launchOptions = (build: Build): LaunchOptions => ({
  executablePath: paths[build],
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

/**
 * The e2e project's globalSetup: one Chromium of each build for the whole run. Starting one per
 * file cost a second or more each on a busy machine, and every test already gets its own browser
 * context, which shares no cookies, storage or cache with any other.
 */
export default async function startChromium(project: TestProject) {
  const [shell, full] = await Promise.all([
    chromium.launchServer(launchOptions('shell')),
    chromium.launchServer(launchOptions('full')),
  ]);
  project.provide('chromiumEndpoints', { shell: shell.wsEndpoint(), full: full.wsEndpoint() });
  return async () => {
    await Promise.all([shell.close(), full.close()]);
  };
}

/** A connection to the run's Chromium of that build, or a Chromium of its own when no globalSetup started one. */
export function connectChromium(build: Build = 'shell'): Promise<Browser> {
  const endpoint = inject('chromiumEndpoints')?.[build];
  return endpoint ? chromium.connect(endpoint) : chromium.launch(launchOptions(build));
}
