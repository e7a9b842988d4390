import type { Config } from '../config.ts';

/** Headers every response carries. */
export function baseSecurityHeaders(config: Config): Record<string, string> {
  const headers: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'SAMEORIGIN',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  };
  if (config.env === 'production' && config.urls.public.startsWith('https:')) {
    headers['strict-transport-security'] = 'max-age=63072000; includeSubDomains';
  }
  return headers;
}

/**
 * A page's Content-Security-Policy: scripts only from this origin plus the page's own
 * inline scripts by hash, so an injected script cannot run.
 */
export function contentSecurityPolicy(scriptHashes: readonly string[], config: Config): string {
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
