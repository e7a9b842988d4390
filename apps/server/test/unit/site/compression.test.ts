import { readdirSync, readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressInBackground, compressOnce } from '../../../src/site/compression.ts';

const page = Buffer.from('<p>Growmail sends campaigns, automations and transactional email.</p>\n'.repeat(400));

/** The nice value of each of this process's threads (Linux: /proc/self/task/<id>/stat, field 19). */
const niceValues = () =>
  readdirSync('/proc/self/task').map((task) =>
    Number(readFileSync(`/proc/self/task/${task}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]),
  );

describe('compressing ahead of the first request', () => {
  it('gives the bodies a request would get, from a thread of its own at the lowest priority', async () => {
    const [br, gzip] = await Promise.all([compressInBackground(page, 'br'), compressInBackground(page, 'gzip')]);
    expect(brotliDecompressSync(br)).toEqual(page);
    expect(gunzipSync(gzip)).toEqual(page);
    expect(br).toEqual(await compressOnce(page, 'br'));
    expect(br.length).toBeLessThan(page.length / 20);

    const nice = niceValues();
    expect(nice).toContain(19);
    // Only that thread: the main thread, which answers requests, keeps its priority.
    expect(nice.filter((value) => value === 19)).toHaveLength(1);
    expect(nice[0]).toBe(0);
  });
});
