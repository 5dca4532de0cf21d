import Link from '@mui/material/Link';
import { Fragment } from 'react';

// Web addresses in a message: http(s)://… or www.…, up to a space; a closing punctuation mark is not part of it.
const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>"]+/gi;
const TRAILING = /[.,;:!?)\]}'"]+$/;

export type TextPart = { text: string } | { text: string; href: string };

/** Splits plain text into text and links; nothing in it is ever treated as markup. */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const raw = match[0];
    const url = raw.replace(TRAILING, '');
    const start = match.index ?? 0;
    if (start > last) parts.push({ text: text.slice(last, start) });
    const href = url.toLowerCase().startsWith('www.') ? `https://${url}` : url;
    parts.push({ text: url, href });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/** Text as the person wrote it (React escapes it), with its web addresses as links opening in a new tab. */
export function LinkedText({ text }: { text: string }) {
  // Each part is keyed by where it starts in the text.
  let start = 0;
  const keyed = splitLinks(text).map((part) => {
    const key = start;
    start += part.text.length;
    return { part, key };
  });
  return (
    <>
      {keyed.map(({ part, key }) =>
        'href' in part ? (
          <Link key={key} href={part.href} target="_blank" rel="noopener noreferrer nofollow">
            {part.text}
          </Link>
        ) : (
          <Fragment key={key}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
