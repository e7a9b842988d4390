import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';

/** The process entry: reads configuration, listens, and shuts down gracefully on SIGTERM/SIGINT. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp({ config });

  // app.close() stops accepting connections, waits for in-flight requests, then runs
  // onClose hooks, the database's last.
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an error');
    else app.log.info({ signal }, 'closing');
    await app.close();
  });

  // The renderer of on-demand pages is imported before the port opens, not on the first request
  // that needs it: its import holds the event loop, and a request (or a SIGTERM) arriving
  // meanwhile would wait behind it. Apps built for tests import it when first used.
  await app.site.onDemandReady();
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Open ${config.urls.public} in a browser`);
  void app.prepareSite(app.site).catch((err: unknown) => app.log.error({ err }, 'precompressing the site failed'));
}

await main();
