import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import type { FormOptions } from './form';

declare module 'astro' {
  interface AstroClientDirectives {
    'client:form'?: FormOptions;
  }
}

/** Registers client:form (form.ts), for the islands that take a visitor's words. */
export const formDirective = (): AstroIntegration => ({
  name: 'growmail:client-form',
  hooks: {
    'astro:config:setup': ({ addClientDirective }) =>
      addClientDirective({ name: 'form', entrypoint: fileURLToPath(new URL('./form.ts', import.meta.url)) }),
  },
});
