import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { csvStream, csvText, jsonArray, pagedTable, textTable } from '../../src/lib/report-text.ts';

async function* from<T>(items: Iterable<T>): AsyncGenerator<T> {
  yield* items;
}

describe('textTable', () => {
  it('lines up the columns of 300,000 rows given by a generator', () => {
    const count = 300_000;
    function* rows() {
      for (let i = 0; i < count; i++) yield [`row ${i}`, i === 123_456 ? 'the widest cell' : 'x'];
    }
    const lines = textTable(['name', 'value'], rows()).split('\n');
    expect(lines).toHaveLength(count + 2); // the header, the rows and the final newline
    expect(lines[0]).toBe('name        value');
    expect(lines[1]).toBe('row 0       x');
    expect(lines[123_457]).toBe('row 123456  the widest cell');
  });
});

describe('pagedTable', () => {
  it('prints a page at a time, each under its header and lined up on its own', async () => {
    const rows = [['a'], ['bbb'], ['cc']];
    expect(await text(pagedTable(['h'], from(rows), 2))).toBe('h\na\nbbb\n\nh\ncc\n');
    expect(await text(pagedTable(['h'], from([]), 2))).toBe('');
  });
});

describe('jsonArray', () => {
  it.each([[[]], [[{ a: 1, b: [1, { c: 'x\ny' }] }, 'two', null]]])(
    'writes %j as JSON.stringify writes it, an element at a time',
    async (values) => {
      expect(await text(jsonArray(from(values)))).toBe(`${JSON.stringify(values, null, 2)}\n`);
    },
  );
});

describe('csvStream', () => {
  it('writes the cells csvText writes, safe and quoted', async () => {
    const rows = [['a', '=1+1', 3, null, { b: true }, undefined, '']];
    expect(await text(csvStream(from(rows)))).toBe(csvText(rows));
    expect(csvText(rows)).toBe(`"a","'=1+1","3","","{""b"":true}","",""\n`);
  });

  it.each([
    [";=cmd|' /C calc'!A0"],
    ['=HYPERLINK("https://evil.example")'],
    ['+1+2'],
    ['-2+3'],
    ['@SUM(A1:A2)'],
    ['\t=1+1'],
    ['\r=1+1'],
    ['  =1+1'],
  ])('writes %j as text a spreadsheet will not run', (cell) => {
    expect(csvText([[cell, 'plain']])).toBe(`"'${cell.replaceAll('"', '""')}","plain"\n`);
  });

  it('fails when reading the rows fails', async () => {
    async function* failing() {
      yield ['a'];
      throw new Error('connection lost');
    }
    await expect(text(csvStream(failing()))).rejects.toThrow('connection lost');
  });
});
