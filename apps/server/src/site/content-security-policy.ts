import type { Config } from '../config.ts';

/**
 * A page's Content-Security-Policy: scripts only from this origin plus the page's own
 * inline scripts by hash, so an injected script cannot run.
 */
export function contentSecurityPolicy(scriptHashes: readonly string[], config: Config): string {
  let policies = made.get(config);
  if (!policies) made.set(config, (policies = new WeakMap()));
  let policy = policies.get(scriptHashes);
  if (policy === undefined) policies.set(scriptHashes, (policy = policyOf(scriptHashes, config)));
  return policy;
}

/**
 * The policies already written, by configuration and by hash list: a built page keeps one list
 * for the life of the process, so its policy is written once rather than on every answer.
 */
const made = new WeakMap<Config, WeakMap<readonly string[], string>>();

function policyOf(scriptHashes: readonly string[], config: Config): string {
  const serviceOrigins = [config.urls.modules, config.urls.users, config.urls.sales, config.urls.messaging]
    .filter((base) => /^https?:/.test(base))
    .map((base) => new URL(base).origin);
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...new Set(serviceOrigins)],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'frame-ancestors': ["'self'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'object-src': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}
