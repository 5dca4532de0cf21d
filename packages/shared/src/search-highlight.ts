// The words of a search and where they appear in a result's text, folded as the server folds them
// (lower case, accents removed: "jose" finds "José"), so the web app can mark the match.

// Letters unaccent() spells out rather than strips of a mark.
const SPELLED: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

function foldChar(ch: string): string {
  const lower = ch.toLowerCase();
  return SPELLED[lower] ?? lower.normalize('NFD').replace(/\p{M}/gu, '');
}

/** Lower case without accents. */
export function foldSearchText(value: string): string {
  return Array.from(value, foldChar).join('');
}

/** The search's words, folded: at most 5, each matched as the start of a word. */
export function searchWords(query: string): string[] {
  return foldSearchText(query)
    .split(/\s+/)
    .filter((word) => word.length > 0)
    .slice(0, 5);
}

export type TextRange = [start: number, end: number];

/**
 * Where the query's words begin words of `value` (UTF-16 offsets into `value`, sorted, not overlapping).
 * A result found only by a typo has none.
 */
export function searchMatchRanges(value: string, query: string): TextRange[] {
  const words = searchWords(query);
  if (words.length === 0) return [];
  // The folded text, and for each of its characters the original range it came from.
  let folded = '';
  const from: number[] = [];
  const to: number[] = [];
  let offset = 0;
  for (const ch of Array.from(value)) {
    const f = foldChar(ch);
    for (let i = 0; i < f.length; i += 1) {
      from.push(offset);
      to.push(offset + ch.length);
    }
    folded += f;
    offset += ch.length;
  }
  const ranges: TextRange[] = [];
  for (const word of words) {
    let at = folded.indexOf(word);
    while (at !== -1) {
      const startsWord = at === 0 || !/[\p{L}\p{N}]/u.test(folded[at - 1]!);
      if (startsWord) ranges.push([from[at]!, to[at + word.length - 1]!]);
      at = folded.indexOf(word, at + 1);
    }
  }
  ranges.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: TextRange[] = [];
  for (const range of ranges) {
    const last = merged[merged.length - 1];
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([range[0], range[1]]);
  }
  return merged;
}
