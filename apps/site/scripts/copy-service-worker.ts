import { copyFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The web push SDK's worker goes to the site's root (public/ is exported as is), because a
 * service worker's scope can only be the folder it is served from or below (spec "Calls made": scope /).
 */
const source = createRequire(import.meta.url).resolve('@growmail/webpush-sdk/gm-service-worker.js');
mkdirSync(new URL('../public/', import.meta.url), { recursive: true });
copyFileSync(source, new URL('../public/gm-service-worker.js', import.meta.url));
