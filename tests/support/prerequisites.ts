/**
 * What the suite needs from outside npm: programs and faces from Debian's packages, and the
 * services CI requires. `npm test` runs this first (`node tests/support/prerequisites.ts`) and
 * fails in seconds, naming each missing one with its package, rather than after the long suite.
 * `.ci/run` runs it with `--packages`, before `npm ci`, to learn what to install: so this file
 * imports nothing from node_modules.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { connect } from 'node:net';
import { delimiter, join } from 'node:path';
import { fallbackFaces } from '../../apps/site/src/lib/fallback-faces.ts';

/** One thing the suite uses, and whether this machine has it. */
export type Prerequisite = {
  /** What it is, as a person would name it. */
  name: string;
  /** Where it was looked for. */
  where: string;
  /** The Debian package that brings it. */
  debian: string;
  /** Missing, it fails the run; otherwise a warning, as for the tests that skip without it. */
  required: boolean;
  found: boolean;
};

type Env = Record<string, string | undefined>;

const executable = (path: string) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** A command by path, or looked up on the PATH as a shell would. */
const onPath = (command: string, env: Env) =>
  command.includes('/')
    ? executable(command)
    : (env.PATH ?? '').split(delimiter).some((folder) => folder && executable(join(folder, command)));

const succeeds = (command: string, args: string[], env: Env) =>
  spawnSync(command, args, { env, stdio: 'ignore', timeout: 10_000 }).status === 0;

/**
 * The faces the fallback test draws with (tests/e2e/fallback-faces.test.ts), each with the
 * package that brings it on Debian. Liberation Sans fills Arial's slot.
 */
export const fallbackTestFaces = {
  Roboto: 'fonts-roboto',
  Noto: 'fonts-noto-core',
  Arial: 'fonts-liberation',
} as const;

export type FallbackTestFace = keyof typeof fallbackTestFaces;

/**
 * The names `local()` asks for, read from the site's own CSS: for each weight the face is
 * declared in (regular, bold), the names any one of which will do.
 */
export function localNames(face: string): string[][] {
  const rules = fallbackFaces.split('@font-face').filter((rule) => rule.includes(`font-family:"brandFont ${face}"`));
  return rules.map((rule) => [...rule.matchAll(/local\("([^"]+)"\)/g)].map((match) => match[1]!));
}

/**
 * The full and PostScript names of every font fontconfig knows, which is how Chromium on Linux
 * matches `local()`; undefined when fontconfig's `fc-list` is missing.
 */
function installedFontNames(env: Env): Set<string> | undefined {
  const listed = spawnSync('fc-list', ['--format', '%{fullname}\\n%{postscriptname}\\n'], { env, encoding: 'utf8' });
  if (listed.status !== 0) return undefined;
  // fontconfig lists a name in each of its languages, comma-separated.
  return new Set(listed.stdout.split(/[\n,]/).map((name) => name.trim()));
}

/** Whether every weight of the face has a font installed under one of its `local()` names. */
export function faceInstalled(face: FallbackTestFace, env: Env = process.env): boolean {
  const installed = installedFontNames(env);
  return !!installed && localNames(face).every((names) => names.some((name) => installed.has(name)));
}

/** Whether something answers at host:port with the reply `answered` accepts to `hello`. */
function answers(url: string, defaultPort: number, hello: Buffer, answered: (reply: Buffer) => boolean) {
  const { hostname, port } = new URL(url);
  return new Promise<boolean>((resolve) => {
    const socket = connect({ host: hostname.replace(/^\[|\]$/g, ''), port: Number(port || defaultPort) });
    const done = (result: boolean) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(2_000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write(hello));
    socket.on('data', (reply) => done(answered(reply)));
  });
}

/** PostgreSQL's SSLRequest, to which a server answers one byte, S or N, before any authentication. */
const sslRequest = Buffer.from([0, 0, 0, 8, 0x04, 0xd2, 0x16, 0x2f]);

/** Everything the suite uses, checked on this machine under `env`. */
export async function prerequisites(env: Env = process.env): Promise<Prerequisite[]> {
  const chromium = env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const shell = env.CHROMIUM_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';
  const nginx = env.NGINX_PATH ?? '/usr/sbin/nginx';
  const java = env.JAVA_PATH ?? 'java';
  const pythons = [env.PYTHON, '/usr/bin/python3', 'python3'].filter((python): python is string => !!python);
  const postgres = env.TEST_DATABASE_URL ?? 'postgres://127.0.0.1:5432/test';
  const redis = env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const fontconfig = onPath('fc-list', env);

  const needs: Prerequisite[] = [
    { name: 'Chromium', where: chromium, debian: 'chromium', required: true, found: executable(chromium) },
    {
      name: 'Chromium’s headless shell (without it every file drives the browser, slower)',
      where: shell,
      debian: 'chromium-headless-shell',
      required: false,
      found: executable(shell),
    },
    {
      name: 'nginx (the load balancer’s tests skip without it)',
      where: nginx,
      debian: 'nginx',
      required: env.REQUIRE_NGINX === '1',
      found: executable(nginx),
    },
    {
      name: 'Java, for the HTML validator',
      where: java,
      debian: 'default-jre-headless',
      required: true,
      found: onPath(java, env),
    },
    {
      name: 'A Python 3 that imports requests, for the docs’ Python samples',
      where: pythons.join(', '),
      debian: 'python3-requests',
      required: true,
      found: pythons.some((python) => onPath(python, env) && succeeds(python, ['-c', 'import requests'], env)),
    },
    {
      name: 'curl, for the docs’ curl samples',
      where: 'curl',
      debian: 'curl',
      required: true,
      found: onPath('curl', env),
    },
    {
      name: 'fontconfig, to find the fallback faces',
      where: 'fc-list',
      debian: 'fontconfig',
      required: true,
      found: fontconfig,
    },
    ...Object.entries(fallbackTestFaces).map(([face, debian]) => ({
      name: `The face ${face}, which the fallback test draws with`,
      where: `local(${localNames(face)[0]!
        .map((name) => `"${name}"`)
        .join(' | ')}) and the bold`,
      debian,
      required: true,
      found: fontconfig && faceInstalled(face as FallbackTestFace, env),
    })),
  ];
  if (env.REQUIRE_POSTGRES === '1')
    needs.push({
      name: 'PostgreSQL (REQUIRE_POSTGRES=1)',
      where: postgres,
      debian: 'postgresql',
      required: true,
      found: await answers(postgres, 5432, sslRequest, (reply) => ['S', 'N'].includes(reply.toString('latin1', 0, 1))),
    });
  if (env.REQUIRE_REDIS === '1')
    needs.push({
      name: 'Redis (REQUIRE_REDIS=1)',
      where: redis,
      debian: 'redis-server',
      required: true,
      found: await answers(redis, 6379, Buffer.from('PING\r\n'), (reply) => reply.toString().startsWith('+PONG')),
    });
  return needs;
}

/** The report `npm test` prints: one line per missing thing, and the command that installs them. */
export function report(needs: Prerequisite[]): { text: string; failed: boolean } {
  const missing = needs.filter((need) => !need.found);
  const failed = missing.some((need) => need.required);
  const lines = missing.map(
    (need) => `${need.required ? 'missing' : 'warning'}: ${need.name}, at ${need.where} (Debian: ${need.debian})`,
  );
  if (missing.length > 0) {
    const packages = [...new Set(missing.map((need) => need.debian))].join(' ');
    lines.push(`Install with: apt-get install ${packages} (see README, Prerequisites).`);
  }
  return { text: lines.join('\n'), failed };
}

if (import.meta.main) {
  const needs = await prerequisites();
  if (process.argv.includes('--packages')) {
    // For .ci/run: every missing package, required or not, on one line.
    console.log([...new Set(needs.filter((need) => !need.found).map((need) => need.debian))].join(' '));
  } else {
    const { text, failed } = report(needs);
    if (text) console.error(text);
    process.exitCode = failed ? 1 : 0;
  }
}
