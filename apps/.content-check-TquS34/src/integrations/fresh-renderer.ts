import { rm } from 'node:fs/promises';
import type { AstroIntegration } from 'astro';

/**
 * Empties the renderer's folder (`build.server`, dist-server) before each build. Astro empties
 * `dist/` but writes the renderer outside it, so every build that changed a chunk's content left
 * the old chunk beside the new one, and the font subset rewrote those too (brand-font-subset.ts
 * reads every `.mjs` there).
 */
export const freshRenderer = (): AstroIntegration => {
  let server: URL | undefined;
  return {
    name: 'growmail:fresh-renderer',
    hooks: {
      'astro:config:done': ({ config }) => {
        server = config.build.server;
      },
      'astro:build:start': async () => {
        if (server) await rm(server, { recursive: true, force: true });
      },
    },
  };
};
