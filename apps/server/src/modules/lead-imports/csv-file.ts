import { Readable } from 'node:stream';
import { LEAD_IMPORT_MAX_COLUMNS, LEAD_IMPORT_MAX_ROWS, LEAD_IMPORT_MESSAGES } from '@leadcircle/shared';
import { parse } from 'csv-parse';
import iconv from 'iconv-lite';
import { badRequest } from '../../http/errors.js';

// Reading an uploaded CSV file: its encoding (UTF-8 with or without BOM, UTF-16 with BOM, else
// Windows-1252 as Excel writes it), its separator (comma, semicolon or tab) and its records, streamed
// one at a time so a large file is never held whole as objects.

export type FileEncoding = 'utf8' | 'utf16le' | 'utf16be' | 'windows1252';
export type Separator = ',' | ';' | '\t';

const refuse = (message: string) => badRequest('LEAD_IMPORT_FILE_INVALID', message);

// NUL and the C0 controls no text file holds (tab, line breaks and form feed aside).
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point of this rule
const BINARY_CONTROL = /[\u0000-\u0008\u000e-\u001a\u001c-\u001f]/;

/** How the bytes are written: a BOM says it; else strict UTF-8 when they are that, else Windows-1252. */
export function detectEncoding(bytes: Buffer): FileEncoding {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf16be';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return 'utf8';
  } catch {
    return 'windows1252';
  }
}

const ICONV_NAMES: Record<FileEncoding, string> = {
  utf8: 'utf8',
  utf16le: 'utf16le',
  utf16be: 'utf16be',
  // Node's TextDecoder('windows-1252') reads 0x80–0x9f as Latin-1 controls; iconv-lite maps €, ’, — right.
  windows1252: 'win1252',
};

/** The bytes as text, as the upload read them (without a BOM). */
function decodeText(bytes: Buffer, encoding: FileEncoding): string {
  const text = iconv.decode(bytes, ICONV_NAMES[encoding], { stripBOM: true });
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** The file as text (without its BOM); 400 for an empty or binary file. */
export function decodeFile(bytes: Buffer): { text: string; encoding: FileEncoding } {
  if (bytes.length === 0) throw refuse(LEAD_IMPORT_MESSAGES.empty);
  const encoding = detectEncoding(bytes);
  // Without a BOM, a NUL byte is no text file (UTF-16 without a BOM is not taken).
  if (encoding !== 'utf16le' && encoding !== 'utf16be' && bytes.includes(0)) throw refuse(LEAD_IMPORT_MESSAGES.binary);
  const text = decodeText(bytes, encoding);
  if (BINARY_CONTROL.test(text)) throw refuse(LEAD_IMPORT_MESSAGES.binary);
  if (text.trim() === '') throw refuse(LEAD_IMPORT_MESSAGES.empty);
  return { text, encoding };
}

/** The separator of the header line (quoted parts ignored): the most frequent of comma, semicolon and tab. */
export function detectSeparator(text: string): Separator {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && c in counts) counts[c as Separator]++;
  }
  const best = (Object.keys(counts) as Separator[]).sort((a, b) => counts[b] - counts[a])[0]!;
  return counts[best] > 0 ? best : ',';
}

const CHUNK = 64 * 1024;

function* chunksOf<T extends string | Buffer>(whole: T): Generator<T> {
  for (let i = 0; i < whole.length; i += CHUNK) yield whole.slice(i, i + CHUNK) as T;
}

/** A record of the file and, when asked for, where it ends: the UTF-8 bytes of the text up to and with its line break. */
interface FileRecord {
  cells: string[];
  end?: number;
}

/**
 * The file's records, header first, each cell trimmed; a line of empty cells is skipped. 400 for a
 * record over LEAD_IMPORT_MAX_COLUMNS columns or one the parser cannot read (a quote never closed).
 */
async function* readRecords(
  text: NodeJS.ReadableStream,
  separator: Separator,
  { ends = false } = {},
): AsyncGenerator<FileRecord> {
  const parser = text.pipe(
    parse({
      delimiter: separator,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      max_record_size: 1024 * 1024,
      // Each record's info costs two objects: only where the ends are kept.
      info: ends,
    }),
  );
  let line = 0;
  try {
    for await (const read of parser as AsyncIterable<string[] | { record: string[]; info: { bytes: number } }>) {
      const record = Array.isArray(read) ? read : read.record;
      if (record.length > LEAD_IMPORT_MAX_COLUMNS) throw refuse(LEAD_IMPORT_MESSAGES.tooManyColumns(line + 1));
      line++;
      yield { cells: record.map((cell) => cell.trim()), end: Array.isArray(read) ? undefined : read.info.bytes };
    }
  } catch (error) {
    parser.destroy();
    if ((error as { code?: string }).code === 'LEAD_IMPORT_FILE_INVALID') throw error;
    // csv-parse names the line of the file where the record it could not read starts.
    const at = (error as { lines?: number }).lines;
    throw refuse(LEAD_IMPORT_MESSAGES.unreadable(typeof at === 'number' ? at : line + 1));
  }
}

/** Data rows between two bookmarks of the file. */
export const ROW_BOOKMARK_EVERY = 1000;

export interface FileSummary {
  encoding: FileEncoding;
  separator: Separator;
  headers: string[];
  /** The first three data rows. */
  samples: string[][];
  rowCount: number;
  /**
   * Where the header and then every ROW_BOOKMARK_EVERY-th data row end (in UTF-8 bytes of the text), so
   * that rows far into the file are read from the bookmark before them rather than from its start.
   */
  bookmarks: number[];
}

/** Reads the whole file once: 400 for an empty file, a header only, too many rows or columns. */
export async function summarizeFile(bytes: Buffer): Promise<FileSummary> {
  const { text, encoding } = decodeFile(bytes);
  const separator = detectSeparator(text);
  let headers: string[] | undefined;
  const samples: string[][] = [];
  const bookmarks: number[] = [];
  let rowCount = 0;
  for await (const { cells, end } of readRecords(Readable.from(chunksOf(text)), separator, { ends: true })) {
    if (!headers) {
      headers = cells.map((h, i) => h || `Column ${i + 1}`);
      bookmarks.push(end!);
      continue;
    }
    rowCount++;
    if (rowCount > LEAD_IMPORT_MAX_ROWS) throw refuse(LEAD_IMPORT_MESSAGES.tooManyRows);
    if (samples.length < 3) samples.push(cells);
    if (rowCount % ROW_BOOKMARK_EVERY === 0) bookmarks.push(end!);
  }
  if (!headers) throw refuse(LEAD_IMPORT_MESSAGES.empty);
  if (rowCount === 0) throw refuse(LEAD_IMPORT_MESSAGES.headerOnly);
  return { encoding, separator, headers, samples, rowCount, bookmarks };
}

export interface StoredFile {
  file: Buffer;
  encoding: FileEncoding;
  separator: Separator;
  /** The upload's bookmarks; [] reads every row from the start. */
  bookmarks: number[];
}

/**
 * The data rows from row `from` on (1 = the first under the header), each with its number, decoded as
 * the upload was. The reading starts at the last bookmark before `from`, after the header's own bytes
 * (so the parser meets the same first line, and line break, as when it read the whole file).
 */
export async function* readDataRows(
  { file, encoding, separator, bookmarks }: StoredFile,
  from = 1,
): AsyncGenerator<{ rowNumber: number; cells: string[] }> {
  const utf8 = Buffer.from(decodeText(file, encoding));
  const block = Math.min(Math.floor((from - 1) / ROW_BOOKMARK_EVERY), bookmarks.length - 1);
  let rowNumber = block > 0 ? block * ROW_BOOKMARK_EVERY : 0;
  const start = block > 0 ? bookmarks[block]! : 0;
  const parts = start > 0 ? [utf8.subarray(0, bookmarks[0]), utf8.subarray(start)] : [utf8];
  let header = true;
  for await (const { cells } of readRecords(Readable.from(parts.flatMap((p) => [...chunksOf(p)])), separator)) {
    if (header) {
      header = false;
      continue;
    }
    rowNumber++;
    if (rowNumber >= from) yield { rowNumber, cells };
  }
}
