/**
 * Writes the settings table in docs/configuration.md, and .env.example, from the server's
 * configuration schema (apps/server/src/config.ts): each variable's description is registered
 * on its schema, and its default is what the schema gives when the variable is unset. One
 * source, so the table, the example file and the server cannot disagree.
 *
 *   npm run config-docs            writes both files
 *   node scripts/config-docs.ts --check   fails when either differs from what it would write (`npm run lint`)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { environmentSchema, settingDocs } from '@growmail/server/config';
import { format, resolveConfig } from 'prettier';

const root = fileURLToPath(new URL('../', import.meta.url));
const guide = 'docs/configuration.md';
const example = '.env.example';
const tableStart = '<!-- The table is written by `npm run config-docs` from apps/server/src/config.ts: edit there. -->';
const tableEnd = '<!-- End of the written table. -->';

type Setting = { name: string; fallback: string; description: string };

function describeSettings(): Setting[] {
  const entries = Object.entries(environmentSchema.shape);
  const undescribed = entries.filter(([, schema]) => !settingDocs.has(schema)).map(([name]) => name);
  if (undescribed.length > 0) {
    console.error(`${undescribed.join(', ')}: register a description on the schema in apps/server/src/config.ts.`);
    process.exit(1);
  }
  return entries.map(([name, schema]) => {
    const docs = settingDocs.get(schema)!;
    const parsed = schema.safeParse(undefined);
    const value = parsed.success ? parsed.data : undefined;
    const fixed = typeof value === 'string' && value.startsWith(root) ? relative(root, value) : value;
    const fallback = fixed === undefined ? (docs.default ?? 'unset') : `\`${String(fixed)}\``;
    return { name, fallback, description: docs.description };
  });
}

function table(settings: Setting[]): string {
  const cell = (text: string) => text.replaceAll('|', '\\|');
  return [
    '| Variable | Default | Meaning |',
    '| --- | --- | --- |',
    ...settings.map(({ name, fallback, description }) => `| \`${name}\` | ${cell(fallback)} | ${cell(description)} |`),
  ].join('\n');
}

async function guideText(settings: Setting[]): Promise<string> {
  const current = readFileSync(root + guide, 'utf8');
  const start = current.indexOf(tableStart);
  const end = current.indexOf(tableEnd);
  if (start < 0 || end < start) throw new Error(`${guide} must hold the lines\n${tableStart}\n${tableEnd}`);
  const text = `${current.slice(0, start + tableStart.length)}\n\n${table(settings)}\n\n${current.slice(end)}`;
  return format(text, { ...(await resolveConfig(root + guide)), filepath: root + guide });
}

/** Markdown to a plain comment, wrapped at 100 columns. */
function comment(text: string): string[] {
  const lines: string[] = [];
  let line = '#';
  for (const word of text.replaceAll('`', '').split(/\s+/)) {
    if (line.length + word.length + 1 > 100 && line !== '#') {
      lines.push(line);
      line = '#';
    }
    line += ` ${word}`;
  }
  return [...lines, line];
}

function exampleText(settings: Setting[]): string {
  const header = [
    "The server's settings, read when it starts. All are optional, and an empty value counts as unset,",
    'so a copy of this file changes nothing until a value is filled in. docs/configuration.md explains them.',
    'Written by `npm run config-docs` from apps/server/src/config.ts: edit there, not here.',
  ];
  const entries = settings.map(({ name, fallback, description }) =>
    [...comment(`${description} Default: ${fallback}.`), `${name}=`].join('\n'),
  );
  return `${header.map((line) => `# ${line}`).join('\n')}\n\n${entries.join('\n\n')}\n`;
}

const settings = describeSettings();
const wanted = new Map([
  [guide, await guideText(settings)],
  [example, exampleText(settings)],
]);

if (process.argv.includes('--check')) {
  const stale = [...wanted].filter(([file, text]) => readFileSync(root + file, 'utf8') !== text).map(([file]) => file);
  if (stale.length > 0) {
    console.error(`${stale.join(' and ')} differ from apps/server/src/config.ts: run npm run config-docs.`);
    process.exit(1);
  }
  console.log(`Configuration: ${settings.length} settings, documented as the schema says.`);
} else {
  for (const [file, text] of wanted) writeFileSync(root + file, text);
  console.log(`Wrote ${[...wanted.keys()].join(' and ')}: ${settings.length} settings.`);
}
