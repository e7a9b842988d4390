import { createRequire } from 'node:module';
import { testApp } from '@growmail/test-support/app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);

/** The React modules this process has loaded from node_modules, by their paths there. */
const reactFromNodeModules = () =>
  Object.keys(require.cache)
    .filter((path) => /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(path))
    .map((path) => path.replace(/.*[\\/]node_modules[\\/]/, ''));

describe('the on-demand renderer', () => {
  let app: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    app = await testApp();
  });
  afterAll(() => app.close());

  // A test run's NODE_ENV is 'test', and `npm start` sets none: a React taken from node_modules
  // would be its development build in both (apps/site/src/integrations/production-renderer.ts).
  it('renders with the React built into it, not one taken from node_modules by NODE_ENV', async () => {
    expect(process.env.NODE_ENV).not.toBe('production');
    const page = await app.inject('/demo');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form');
    expect(reactFromNodeModules()).toEqual([]);
  });
});
