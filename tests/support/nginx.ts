import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request, type Agent } from 'node:https';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import selfsigned from 'selfsigned';

/** The load balancer's configuration as docs/deploy.md describes it. */
export const nginxConfigPath = fileURLToPath(new URL('../../deploy/nginx.conf', import.meta.url));

/** Debian's nginx (`apt-get install nginx`, as .ci/run does), or NGINX_PATH. */
export const nginxPath = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/**
 * Whether nginx is installed. REQUIRE_NGINX=1, as CI sets, makes its absence an error, so a
 * silently skipped test cannot pass CI.
 */
export function nginxInstalled(): boolean {
  if (existsSync(nginxPath)) return true;
  if (process.env.REQUIRE_NGINX === '1') throw new Error(`nginx is not installed at ${nginxPath}`);
  console.warn(`nginx is not installed at ${nginxPath}: skipping the load balancer's tests.`);
  return false;
}

/** nginx's scratch directories, kept inside the test's directory. */
const tempDirectives = [
  'client_body_temp_path',
  'proxy_temp_path',
  'fastcgi_temp_path',
  'uwsgi_temp_path',
  'scgi_temp_path',
];

export type NginxOptions = {
  /** host:port of each server, in place of the file's example addresses. */
  upstreams: string[];
  httpPort: number;
  httpsPort: number;
  certificate: string;
  key: string;
  /** Where the pid, logs and temporary files go. */
  directory: string;
};

/**
 * deploy/nginx.conf with a test's ports, certificate and paths in place of the production
 * ones, and nothing else changed. Each replacement must find its line exactly once, so an edit
 * to the file that the rendering no longer understands fails the tests instead of testing
 * something else.
 */
export function renderNginxConfig(options: NginxOptions): string {
  let text = readFileSync(nginxConfigPath, 'utf8');
  const replace = (pattern: RegExp, replacement: string) => {
    const found = text.match(new RegExp(pattern.source, 'gm'))?.length ?? 0;
    if (found !== 1) throw new Error(`deploy/nginx.conf: expected one line matching ${pattern}, found ${found}`);
    text = text.replace(new RegExp(pattern.source, 'm'), replacement);
  };
  const { directory } = options;
  replace(/^user www-data;$/, `user ${userInfo().username};`);
  replace(/^pid \/run\/nginx\.pid;$/, `pid ${directory}/nginx.pid;`);
  replace(/^error_log \/var\/log\/nginx\/error\.log warn;$/, `error_log ${directory}/error.log warn;`);
  replace(
    /^ {4}access_log \/var\/log\/nginx\/access\.log;$/,
    [
      `    access_log ${directory}/access.log;`,
      ...tempDirectives.map((name) => `    ${name} ${directory}/${name};`),
    ].join('\n'),
  );
  const servers = text.match(/^ {8}server 10\.0\.0\.\d+:3000 (.*);$/gm) ?? [];
  if (servers.length === 0) throw new Error('deploy/nginx.conf: no example upstream servers to replace');
  const parameters = / 10\.0\.0\.\d+:3000 (.*);$/.exec(servers[0]!)![1];
  text = text.replace(
    servers.join('\n'),
    options.upstreams.map((u) => `        server ${u} ${parameters};`).join('\n'),
  );
  replace(/^ {8}listen 80;$/, `        listen 127.0.0.1:${options.httpPort};`);
  replace(/^ {8}listen \[::\]:80;$/, '');
  replace(/^ {8}listen 443 ssl;$/, `        listen 127.0.0.1:${options.httpsPort} ssl;`);
  replace(/^ {8}listen \[::\]:443 ssl;$/, '');
  replace(
    /^ {8}ssl_certificate \/etc\/ssl\/growmail\/fullchain\.pem;$/,
    `        ssl_certificate ${options.certificate};`,
  );
  replace(
    /^ {8}ssl_certificate_key \/etc\/ssl\/growmail\/privkey\.pem;$/,
    `        ssl_certificate_key ${options.key};`,
  );
  return text;
}

/** A directory with a self-signed certificate for 127.0.0.1, for nginx's TLS. */
export async function nginxDirectory() {
  const directory = mkdtempSync(join(tmpdir(), 'gm-nginx-'));
  const pems = await selfsigned.generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  const certificate = join(directory, 'cert.pem');
  const key = join(directory, 'key.pem');
  writeFileSync(certificate, pems.cert);
  writeFileSync(key, pems.private, { mode: 0o600 });
  return { directory, certificate, key, remove: () => rmSync(directory, { recursive: true, force: true }) };
}

/** Writes the rendered configuration and the directories it names; returns its path. */
function writeNginxConfig(options: NginxOptions): string {
  for (const directive of tempDirectives) mkdirSync(join(options.directory, directive), { recursive: true });
  const file = join(options.directory, 'nginx.conf');
  writeFileSync(file, renderNginxConfig(options));
  return file;
}

/** `nginx -t` on a rendered configuration: the exit code and what it printed. */
export function checkNginxConfig(options: NginxOptions) {
  const file = writeNginxConfig(options);
  const result = spawnSync(nginxPath, ['-t', '-c', file, '-p', options.directory, '-e', 'stderr'], {
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** Runs nginx in the foreground on a rendered deploy/nginx.conf; `stop()` ends it. */
export async function startNginx(options: NginxOptions) {
  const base = `https://127.0.0.1:${options.httpsPort}`;
  const nginx = await runNginx(writeNginxConfig(options), options.directory, () =>
    fetchThrough(base, '/services/health/live'),
  );
  return { base, ...nginx };
}

/**
 * Runs nginx in the foreground on a configuration file, its relative paths under `directory`,
 * and resolves once `ready` does (it is asked every 50 ms, for 5 s); `stop()` ends it gracefully.
 */
export async function runNginx(file: string, directory: string, ready: () => Promise<unknown>) {
  const child = spawn(nginxPath, ['-c', file, '-p', directory, '-e', 'stderr', '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`nginx exited ${child.exitCode}: ${errors}`);
    try {
      await ready();
      break;
    } catch (error) {
      if (attempt >= 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    errors: () => errors,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT');
      await exited;
    },
  };
}

export type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/**
 * One request to nginx's HTTPS port, trusting its self-signed certificate, on a connection of
 * its own unless an agent is given. Rejects only when nginx itself cannot be reached.
 */
export function fetchThrough(
  base: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string; agent?: Agent } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      `${base}${path}`,
      {
        method: init.method ?? 'GET',
        headers: init.headers,
        rejectUnauthorized: false,
        agent: init.agent ?? false,
        timeout: 40_000,
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
        response.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`timed out: ${path}`)));
    outgoing.on('error', reject);
    outgoing.end(init.body);
  });
}
