/**
 * Every decision a file cites (`D18`, `D5–D8`) is defined in docs/decisions.md, and no file
 * cites the specification by section number: the spec is not in the repository, so a citation
 * names its section's subject instead. Part of `npm run lint`.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const decisionsFile = 'docs/decisions.md';
const defined = new Set([...readFileSync(decisionsFile, 'utf8').matchAll(/\*\*D(\d+)\./g)].map((match) => match[1]));

const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => /\.(ts|tsx|js|mjs|cjs|css|md|mdx|yaml|yml|json)$|^\.env\.example$/.test(file))
  .filter((file) => file !== 'package-lock.json' && !file.startsWith('apps/site/dist/'));

const problems: string[] = [];
for (const file of files) {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    continue; // listed by git but deleted in the working tree
  }
  text.split('\n').forEach((line, index) => {
    const where = `${file}:${index + 1}`;
    // D5–D8 and D10-D12 cite every decision in the range.
    for (const match of line.matchAll(/\bD(\d{1,2})(?:\s*[–-]\s*D(\d{1,2}))?\b/g)) {
      const from = Number(match[1]);
      const to = Number(match[2] ?? match[1]);
      for (let number = from; number <= to; number++) {
        if (!defined.has(String(number))) problems.push(`${where}: D${number} is not defined in ${decisionsFile}`);
      }
    }
    for (const match of line.matchAll(/(?<!RFC \d{3,5} )§\s*\d/g)) {
      problems.push(`${where}: "${match[0]}" cites the spec by number; name the section's subject instead`);
    }
  });
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(`\n${problems.length} citation problem(s).`);
  process.exit(1);
}
console.log(`Citations: ${files.length} files checked; every decision cited is defined.`);
