/**
 * The README stays a two-minute read: at most 6 KB, opening with the two commands, and linking
 * every guide in docs/. Every link between the repository's markdown files works: a relative link
 * names a file or folder that exists, and a #fragment names a heading (GitHub's anchor for it) or
 * an id in the file it points to. Links with a scheme (https:, mailto:) are not followed: this
 * check never reaches the network. Part of `npm run lint`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import GithubSlugger from 'github-slugger';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { toString } from 'mdast-util-to-string';

const readmeLimit = 6 * 1024;
const firstCommands = [/^npm ci && npm start(\s|$)/, /^npm test(\s|$)/];

type Node = ReturnType<typeof fromMarkdown> | ReturnType<typeof fromMarkdown>['children'][number];

function* walk(node: Node): Generator<Node> {
  yield node;
  if ('children' in node) for (const child of node.children) yield* walk(child);
}

const trees = new Map<string, ReturnType<typeof fromMarkdown>>();
const tree = (file: string) => {
  if (!trees.has(file)) trees.set(file, fromMarkdown(readFileSync(file, 'utf8')));
  return trees.get(file)!;
};

/** The fragments a markdown file answers to: GitHub's anchors for its headings, and ids in its HTML. */
function anchorsOf(file: string): Set<string> {
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  for (const node of walk(tree(file))) {
    if (node.type === 'heading') anchors.add(slugger.slug(toString(node)));
    if (node.type === 'html')
      for (const match of node.value.matchAll(/\b(?:id|name)="([^"]+)"/g)) anchors.add(match[1]!);
  }
  return anchors;
}

function problemWith(file: string, url: string): string | undefined {
  if (/^[a-z][a-z\d+.-]*:/i.test(url) || url.startsWith('//')) return undefined;
  const [path, fragment] = url.split('#', 2) as [string, string | undefined];
  const decoded = decodeURIComponent(path);
  const target = decoded === '' ? file : decoded.startsWith('/') ? join('.', decoded) : join(dirname(file), decoded);
  if (relative('.', target).startsWith('..')) return 'points outside the repository';
  if (!existsSync(target)) return `${target} does not exist`;
  if (fragment === undefined) return undefined;
  if (statSync(target).isDirectory()) return `${target} is a folder, which has no #${fragment}`;
  if (!target.endsWith('.md')) return /^L\d+(-L\d+)?$/.test(fragment) ? undefined : `${target} has no #${fragment}`;
  return anchorsOf(target).has(fragment) ? undefined : `${target} has no heading or id for #${fragment}`;
}

const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '*.md'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => file && existsSync(file));

const problems: string[] = [];
for (const file of files) {
  for (const node of walk(tree(file))) {
    if (node.type !== 'link' && node.type !== 'image' && node.type !== 'definition') continue;
    const problem = problemWith(file, node.url);
    const where = `${file}:${node.position?.start.line}:${node.position?.start.column}`;
    if (problem) problems.push(`${where}: the link to ${node.url}: ${problem}`);
  }
}

const readme = readFileSync('README.md', 'utf8');
const size = Buffer.byteLength(readme);
if (size > readmeLimit) {
  problems.push(`README.md is ${size} bytes, over ${readmeLimit}: move the detail to docs/ and link it.`);
}
const firstCode = [...walk(tree('README.md'))].find((node) => node.type === 'code');
const commands = firstCode?.type === 'code' ? firstCode.value.split('\n') : [];
if (!firstCommands.every((command, index) => command.test(commands[index] ?? ''))) {
  problems.push('README.md: its first code block must start with `npm ci && npm start`, then `npm test`.');
}

const listed = new Set(
  [...walk(tree('README.md'))].flatMap((node) => (node.type === 'link' ? [node.url.split('#')[0]] : [])),
);
for (const guide of files.filter((file) => /^docs\/[^/]+\.md$/.test(file) && !listed.has(file))) {
  problems.push(`README.md: link ${guide}, so a newcomer finds it.`);
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(`\n${problems.length} documentation problem(s).`);
  process.exit(1);
}
console.log(`Docs: ${files.length} markdown files, every link works; README.md is ${size} bytes.`);
