import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { fallbackFacesModule, fallbackFacesPath } from '../../scripts/fallback-faces';

describe('the brand face’s fallbacks (D43)', () => {
  it('are checked in as Capsize’s metrics give them: npm run fallback-faces -w @growmail/site writes them', async () => {
    expect(await readFile(fallbackFacesPath, 'utf8')).toBe(fallbackFacesModule());
  });

  it('size each face to the brand face: Roboto drawn at 105.21 %, its ascent at 98.66 % of the em', () => {
    // Plus Jakarta Sans: 468 average width, ascent 1038, descent 222 on 1000; Roboto: 911, 1900, 500 on 2048.
    expect(fallbackFacesModule()).toContain(
      'ascent-override:98.6597%;descent-override:21.1006%;line-gap-override:0%;size-adjust:105.2101%',
    );
  });
});
