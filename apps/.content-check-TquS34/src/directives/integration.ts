import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import type { InteractionOptions } from './interaction';

declare module 'astro' {
  interface AstroClientDirectives {
    'client:interaction'?: InteractionOptions | boolean;
  }
}

/** Registers client:interaction (interaction.ts), the islands that wait for the visitor to use them. */
export const interactionDirective = (): AstroIntegration => ({
  name: 'growmail:client-interaction',
  hooks: {
    'astro:config:setup': ({ addClientDirective }) =>
      addClientDirective({
        name: 'interaction',
        entrypoint: fileURLToPath(new URL('./interaction.ts', import.meta.url)),
      }),
  },
});
