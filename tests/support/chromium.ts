import { chromium, type Browser, type LaunchOptions } from 'playwright-core';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The WebSocket address of the Chromium that the e2e project's globalSetup started, if it did. */
    chromiumEndpoint?: string;
  }
}

/** Debian's Chromium (CHROMIUM_PATH overrides), headless, with a fresh profile and no network chatter. */
const launchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
};

/**
 * The e2e project's globalSetup: one Chromium for the whole run. Starting one per file cost a
 * second or more each on a busy machine, and every test already gets its own browser context,
 * which shares no cookies, storage or cache with any other.
 */
export default async function startChromium(project: TestProject) {
  const server = await chromium.launchServer(launchOptions);
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return () => server.close();
}

/** A connection to the run's Chromium, or a Chromium of its own when no globalSetup started one. */
export function connectChromium(): Promise<Browser> {
  const endpoint = inject('chromiumEndpoint');
  return endpoint ? chromium.connect(endpoint) : chromium.launch(launchOptions);
}
