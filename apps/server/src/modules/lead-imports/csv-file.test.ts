import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { type FileEncoding, ROW_BOOKMARK_EVERY, readDataRows, type StoredFile, summarizeFile } from './csv-file.js';

// Reading a stored file again from a bookmark gives the rows a read from its start gives, in every encoding.

const ROWS = 2 * ROW_BOOKMARK_EVERY + 600;

/** Rows with what makes a reader slip: quoted separators, quotes and line breaks, blank lines, accents. */
function fileText(lineBreak: string): string {
  const lines = ['First Name;Last Name;Notes'];
  for (let i = 1; i <= ROWS; i++) {
    const notes = i % 7 === 0 ? `"Met at ""Café"";${lineBreak}call back — ${i}"` : `note ${i}`;
    lines.push(`Zoë;Müller ${i};${notes}`);
    if (i % 250 === 0) lines.push('');
  }
  return `${lines.join(lineBreak)}${lineBreak}`;
}

async function rowsOf(file: StoredFile, from?: number) {
  const rows: { rowNumber: number; cells: string[] }[] = [];
  for await (const row of readDataRows(file, from)) rows.push(row);
  return rows;
}

const encodings: [FileEncoding, (text: string) => Buffer][] = [
  ['utf8', (text) => Buffer.from(`\uFEFF${text}`)],
  ['windows1252', (text) => iconv.encode(text, 'win1252')],
  ['utf16le', (text) => iconv.encode(`\uFEFF${text}`, 'utf16le')],
  ['utf16be', (text) => iconv.encode(`\uFEFF${text}`, 'utf16be')],
];

describe('readDataRows from a bookmark', () => {
  for (const lineBreak of ['\r\n', '\n']) {
    for (const [encoding, encode] of encodings) {
      it(`reads the same rows as from the start (${encoding}, ${JSON.stringify(lineBreak)})`, async () => {
        const bytes = encode(fileText(lineBreak));
        const summary = await summarizeFile(bytes);
        expect(summary).toMatchObject({ encoding, separator: ';', rowCount: ROWS });
        expect(summary.bookmarks).toHaveLength(3);
        const file: StoredFile = { file: bytes, encoding, separator: ';', bookmarks: summary.bookmarks };
        const whole = await rowsOf({ ...file, bookmarks: [] });
        expect(whole).toHaveLength(ROWS);
        expect(whole[6]).toEqual({
          rowNumber: 7,
          cells: ['Zoë', 'Müller 7', `Met at "Café";${lineBreak}call back — 7`],
        });
        for (const from of [1, 2, ROW_BOOKMARK_EVERY, ROW_BOOKMARK_EVERY + 1, 2 * ROW_BOOKMARK_EVERY + 1, ROWS]) {
          expect(await rowsOf(file, from), `from row ${from}`).toEqual(whole.slice(from - 1));
        }
        expect(await rowsOf(file, ROWS + 1)).toEqual([]);
      });
    }
  }
});
