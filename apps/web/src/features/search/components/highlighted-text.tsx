import { searchMatchRanges } from '@leadcircle/shared';
import type { ReactNode } from 'react';

/** `text` with the query's words marked where they begin a word (accents and case ignored). */
export function HighlightedText({ text, query }: { text: string; query: string }) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of searchMatchRanges(text, query)) {
    if (start > at) parts.push(text.slice(at, start));
    parts.push(<mark key={start}>{text.slice(start, end)}</mark>);
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}
