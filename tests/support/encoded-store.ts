import { mkdtempSync, rmSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';
import type { EncodedStore } from '@growmail/server/app';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder the e2e project's servers keep compressed bodies in, if its globalSetup made one. */
    encodedStoreDir?: string;
  }
}

/**
 * The e2e project's globalSetup: one folder for the run, where each file's server keeps the
 * bodies it compressed and finds those another file's server did (EncodedStore in
 * apps/server/src/site/site-files.ts). Keys name the body's content, so a body found is the one
 * that would have been made. Removed when the run ends.
 */
export default function makeEncodedStore(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'growmail-encoded-'));
  project.provide('encodedStoreDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}

/** The run's store, or none outside the e2e project's run (each server then compresses for itself). */
export function encodedStore(): EncodedStore | undefined {
  const dir = inject('encodedStoreDir');
  if (!dir) return undefined;
  return {
    get: (key) =>
      readFile(join(dir, key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return undefined;
        throw error;
      }),
    // Written aside and renamed, so a server of another file reads a whole body or none.
    async set(key, body) {
      const aside = join(dir, `${key}.${process.pid}.${Math.random().toString(36).slice(2)}`);
      await writeFile(aside, body);
      await rename(aside, join(dir, key));
    },
  };
}
