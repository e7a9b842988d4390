/**
 * How long the app may take to start: each plugin's registration, the site's load and the
 * migrations (Fastify's `pluginTimeout`, 10 s by default), and the hooks in which tests build
 * their apps (vitest.config.ts). An app built in a test worker took 0.27–0.31 s cold and
 * 0.09–0.13 s warm on an idle two-core machine, and 1.1–1.3 s cold and 0.40–0.66 s warm beside
 * eight busy processes (docs/testing.md). A CI run at a load of twelve, on a slower machine and
 * before the renderer was imported lazily, passed the default 10 s. Thirty seconds leaves a slow
 * machine room, and a start that truly hangs (a database that never answers) still fails,
 * naming its plugin.
 */
export const startTimeoutMs = 30_000;
