import { spawn } from 'node:child_process';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { PublishProblem } from '@growmail/contracts/content/publish';
import { contentImageHashes } from '@growmail/contracts/content/schemas';
import type { PublishOutcome } from '../content/publish.ts';
import type { DraftValues } from '../repositories/content-drafts.ts';
import { contentImageTypes, type ContentImageInfo } from '../repositories/content-images.ts';
import type { ContentPublish } from '../repositories/content-publishes.ts';
import type { DataAccess } from '../repositories/index.ts';
import type { Substitution } from '../site/placeholders.ts';
import { buildFiles } from '../site/build-files.ts';
import { releaseOf } from '../site/release.ts';
import { checkBuild, checkDrafts } from './checks.ts';
import { writeDrafts } from './content-files.ts';
import { checkoutRoot, commitContent, headOf } from './git.ts';

/** What of the site a build needs: the rest of the checkout (node_modules, the packages) is shared, one folder up. */
const siteParts = ['astro.config.ts', 'tsconfig.json', 'package.json', 'scripts', 'src', 'public'];

/** A build's longest: 21–46 s here; one that runs on past this is stopped and the publish refused. */
const buildTimeout = 5 * 60_000;

/** An uploaded image as the publisher writes it, read from the database (`content_images`). */
export type PublishedImage = ContentImageInfo & { body: Uint8Array };

/**
 * Writes the images the drafts name into the site at `site`, where src/lib/content/images.ts finds
 * them: src/assets/content/<sha256>.<jpg|png|webp>. The files written, from the site's folder.
 */
async function writeImages(site: string, images: readonly PublishedImage[]): Promise<string[]> {
  if (images.length === 0) return [];
  await mkdir(join(site, 'src/assets/content'), { recursive: true });
  const files: string[] = [];
  for (const image of images) {
    const file = `src/assets/content/${image.sha256}.${contentImageTypes[image.mediaType]}`;
    await writeFile(join(site, file), image.body);
    files.push(file);
  }
  return files;
}

/** The images a publish's drafts name, from the database. */
export const imagesOf = (data: DataAccess, publish: ContentPublish): Promise<PublishedImage[]> =>
  data.contentImages.bodies(contentImageHashes(Object.values(publish.drafts).map((draft) => draft.values)));

/** Runs `npm run build` in a folder; resolves to whether it succeeded and the end of what it printed. */
function build(folder: string): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', 'build'], {
      cwd: folder,
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: buildTimeout,
    });
    let output = '';
    const keep = (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-8000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('close', (code) => resolve({ ok: code === 0, output }));
  });
}

/** The build's own words for why it stopped: the lines that name a content file, or its last lines. */
function buildProblem(output: string): PublishProblem {
  const plain = output.replace(/\x1b\[[0-9;]*m/g, ''); // eslint-disable-line no-control-regex -- the build's colours
  const lines = plain.split('\n').filter((line) => line.trim());
  const named = lines.filter((line) => /src\/content\/|\*\*.+\*\*:/.test(line));
  return { message: `The build stopped: ${(named.length > 0 ? named : lines.slice(-4)).join(' ').slice(0, 1000)}` };
}

/**
 * One publish (D45): the drafts are checked (schemas, spelling), written into a copy of the
 * publisher's site beside it, built with `npm run build`, and the build checked (document
 * budgets, valid HTML, links). Only when all pass are they written into the site itself and
 * committed on its content branch; the copy is removed either way, so a refused publish leaves
 * nothing behind. A preview is built the same way, unchecked and uncommitted. The images the drafts
 * name (`images`, uploaded from the console) are written beside the content and committed with it.
 */
export async function runPublish(
  site: string,
  publish: ContentPublish,
  substitutions: readonly Substitution[],
  images: readonly PublishedImage[] = [],
): Promise<PublishOutcome> {
  const drafts: Record<string, DraftValues> = Object.fromEntries(
    Object.entries(publish.drafts).map(([entry, draft]) => [entry, draft.values]),
  );
  const root = await checkoutRoot(site);
  const refused = (problems: PublishProblem[]): PublishOutcome => ({ state: 'refused', problems });
  const named = new Set(contentImageHashes(drafts));
  const imagesNamed = images.filter((image) => named.has(image.sha256));
  const lost = [...named].filter((hash) => !imagesNamed.some((image) => image.sha256 === hash));
  if (lost.length > 0)
    return refused([{ message: `The console no longer has the image ${lost[0]}: choose it again in the draft.` }]);

  // A preview is seen as it would be published, before it passes: only a build that fails stops it.
  const preview = publish.purpose === 'preview';
  const drafted = preview ? [] : await checkDrafts(drafts, publish.words, join(root, 'cspell.config.yaml'));
  if (drafted.length > 0) return refused(drafted);

  const copy = join(dirname(site), `.publish-${basename(site)}-${publish.id.slice(0, 8)}`);
  let files: Map<string, Uint8Array>;
  try {
    await rm(copy, { recursive: true, force: true });
    for (const part of siteParts) await cp(join(site, part), join(copy, part), { recursive: true });
    const written = await writeDrafts(copy, drafts);
    if (written.problems.length > 0) return refused(written.problems);
    await writeImages(copy, imagesNamed);
    const built = await build(copy);
    if (!built.ok) return refused([buildProblem(built.output)]);
    const checked = preview ? [] : await checkBuild(join(copy, 'dist'), drafts, substitutions);
    if (checked.length > 0) return refused(checked);
    files = await buildFiles(join(copy, 'dist'));
  } finally {
    await rm(copy, { recursive: true, force: true });
  }

  if (preview) return { state: 'passed', commit: await headOf(site), release: releaseOf(site), files };
  const written = await writeDrafts(site, drafts);
  const committed = [...written.files, ...(await writeImages(site, imagesNamed))].map((file) => join(site, file));
  if (publish.words.length > 0) {
    const list = join(root, 'cspell-words.txt');
    const known = await readFile(list, 'utf8');
    await writeFile(list, `${known.replace(/\n*$/, '\n')}${publish.words.join('\n')}\n`);
    committed.push(list);
  }
  const commit = await commitContent(
    site,
    committed,
    { id: publish.requestedById, name: publish.requestedBy },
    `Publish ${publish.entries.join(', ')} (publish ${publish.id})`,
  );
  return { state: 'passed', commit, release: releaseOf(site), files };
}
