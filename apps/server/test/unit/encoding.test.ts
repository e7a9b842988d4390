import { describe, expect, it } from 'vitest';
import { chooseEncoding } from '../../src/site/encoding.ts';

describe('chooseEncoding', () => {
  it('prefers brotli, then gzip', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
  });

  it('honours q=0 and wildcards', () => {
    expect(chooseEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*, br;q=0')).toBe('gzip');
  });

  it('sends identity when nothing usable is accepted', () => {
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding('deflate')).toBeNull();
  });

  it('answers the same for a header asked again, after many distinct headers', () => {
    for (let n = 0; n < 300; n++) expect(chooseEncoding(`gzip;q=0.${n % 9}, x-${n}`)).toBe(n % 9 === 0 ? null : 'gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
  });
});
