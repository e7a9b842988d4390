import fp from 'fastify-plugin';
import type { Config } from '../config.ts';

/** Headers every response carries. */
function baseSecurityHeaders(config: Config): Record<string, string> {
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

/** Every answer, page or service, carries the base security headers (a page adds its CSP). */
export default fp(
  async function securityHeaders(app) {
    const headers = baseSecurityHeaders(app.config);
    app.addHook('onSend', (_request, reply, payload, done) => {
      reply.headers(headers);
      done(null, payload);
    });
  },
  { name: 'security-headers', dependencies: ['config'] },
);
