import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { loadConfig, type Config } from '../config.ts';
import { migrateToLatest, openDatabase, type Db } from '../db/index.ts';
import { dataAccess, type DataAccess } from '../repositories/index.ts';

/**
 * The one way the server's command-line tools start and end. A tool is a command object:
 * its name, its usage text, its options, how to read its arguments, and what to run. This
 * runner gives every tool the same behaviour:
 * - `--help` or `-h` prints the usage and exits 0;
 * - an unknown command or option, or a missing or bad argument, prints one line saying so,
 *   then the usage, and exits 2;
 * - a run that fails (a database that cannot be reached, bad configuration) prints one line,
 *   never a stack, and exits 1;
 * - otherwise the exit code is what the run returns, 0 when it returns nothing;
 * - the database, when the run opened one, is closed before the process ends.
 */

/** A command line the tool cannot act on; the runner prints the message and the usage, and exits 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** What a run may use. Both are made on first use, so a run that needs neither touches neither. */
export type Context = {
  /** The server's configuration, read from the environment like the server reads it. */
  config: () => Config;
  /** The configured database, migrated to the latest schema, with its repositories; the runner closes it. */
  data: () => Promise<DataAccess>;
};

type Parsed<O extends ParseArgsOptionsConfig> = ReturnType<
  typeof parseArgs<{ args: string[]; options: O; allowPositionals: true; strict: true }>
>;

export type Command<O extends ParseArgsOptionsConfig, A> = {
  /** The npm script's name, which starts every error line: `leads`. */
  name: string;
  /** Printed for --help, and after every usage error. */
  usage: string;
  /** The options, as node:util parseArgs takes them; the runner adds --help and -h. */
  options: O;
  /** Turns the options and positional arguments into the run's arguments; throws UsageError when they are wrong. */
  parse: (values: Parsed<O>['values'], positionals: string[]) => A;
  /** Does the work. Returns the exit code, or nothing for 0; a thrown error exits 1. */
  run: (args: A, context: Context) => Promise<number | void>;
};

/** Declares a command; only here so TypeScript infers the types of its options and arguments. */
export const defineCommand = <const O extends ParseArgsOptionsConfig, A>(command: Command<O, A>) => command;

/** Reads a command line into the command's arguments, or throws UsageError. */
export function readArguments<O extends ParseArgsOptionsConfig, A>(command: Command<O, A>, argv: string[]): A {
  let parsed: Parsed<O>;
  try {
    parsed = parseArgs({ args: argv, options: command.options, allowPositionals: true, strict: true });
  } catch (error) {
    // node:util names the unknown option or the missing value in its first sentence; the rest is advice on `--`.
    const { message } = error as Error;
    throw new UsageError(/^Unknown option '.+?'\./.exec(message)?.[0] ?? message);
  }
  return command.parse(parsed.values, parsed.positionals);
}

/** Whether the command line asks for help, wherever --help or -h stands (not as an option's value, nor after `--`). */
function asksForHelp(options: ParseArgsOptionsConfig, argv: string[]): boolean {
  const { tokens } = parseArgs({
    args: argv,
    options: { ...options, help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
    strict: false,
    tokens: true,
  });
  return tokens.some((token) => token.kind === 'option' && token.name === 'help');
}

/**
 * Prints text as it is made, at the pace the reader takes it, so a report of any length takes
 * the memory of a few pieces. A reader that stops reading (`| head`) closes the pipe: the
 * printing ends, and what makes the text stops with it (a database stream closes its cursor).
 * That is the reader's choice, not a failure: the run goes on to exit 0.
 */
export async function print(text: AsyncIterable<string | Uint8Array>, out: Writable = process.stdout): Promise<void> {
  try {
    await pipeline(text, out, { end: false });
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'EPIPE') throw error;
  }
}

/** Runs a command for a command line, printing as described above; resolves to the exit code. */
export async function runCommand<O extends ParseArgsOptionsConfig, A>(
  command: Command<O, A>,
  argv: string[],
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<number> {
  if (asksForHelp(command.options, argv)) {
    console.log(command.usage);
    return 0;
  }
  let db: Db | undefined;
  let opening: Promise<DataAccess> | undefined;
  let config: Config | undefined;
  const context: Context = {
    // The tools log nothing, so LOG_LEVEL is not theirs to check.
    config: () => (config ??= loadConfig({ ...env, LOG_LEVEL: 'silent' })),
    data: () =>
      (opening ??= (async () => {
        db = openDatabase(context.config().databaseUrl);
        await migrateToLatest(db.kysely);
        return dataAccess(db);
      })()),
  };
  let code: number;
  try {
    code = (await command.run(readArguments(command, argv), context)) ?? 0;
  } catch (error) {
    code = fail(command, error);
  }
  try {
    await db?.close();
  } catch (error) {
    // A failure already said is the one that matters; a close that fails after a success is reported.
    if (code === 0) code = fail(command, error);
  }
  return code;
}

function fail<O extends ParseArgsOptionsConfig, A>(command: Command<O, A>, error: unknown): number {
  if (error instanceof UsageError) {
    console.error(`${command.name}: ${error.message}\n\n${command.usage}`);
    return 2;
  }
  console.error(`${command.name}: ${describeError(error)}`);
  return 1;
}

/** An error as one message, without its stack. */
export function describeError(error: unknown): string {
  // Connecting to "localhost" tries each of its addresses, and the refusal comes as an AggregateError without a message.
  if (error instanceof AggregateError && !error.message && error.errors.length > 0) {
    return [...new Set(error.errors.map(describeError))].join('; ');
  }
  if (error instanceof Error) return error.message || String((error as { code?: unknown }).code ?? error.name);
  return String(error);
}

/**
 * Runs a command for this process's command line and ends the process with its exit code,
 * once what it printed is written out, so an idle keep-alive socket cannot hold the process open.
 */
export async function runMain<O extends ParseArgsOptionsConfig, A>(command: Command<O, A>): Promise<never> {
  const code = await runCommand(command, process.argv.slice(2)).catch((error: unknown) => fail(command, error));
  await Promise.all([process.stdout, process.stderr].map((stream) => new Promise((done) => stream.write('', done))));
  process.exit(code);
}
