import { z } from 'zod';

// Text is text: every string a call takes is built here. PostgreSQL refuses NUL, and no field of
// the product holds other control characters; tabs and line breaks only where a field has several lines.

export const CONTROL_CHARACTERS_MESSAGE = 'Must not contain control characters';
export const LINE_BREAKS_MESSAGE = 'Must be a single line';
export const HTTP_URL_MESSAGE = 'Must be an http:// or https:// address';

// C0 controls, DEL, C1 controls, and UTF-16 halves without their pair (not text in any encoding).
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LINE_BREAK_OR_TAB = /[\t\n\r]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point of this rule
const CONTROL_NOT_WHITESPACE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** True when the value holds no control characters (tabs and line breaks allowed when `multiline`). */
export function isCleanText(value: string, multiline = false): boolean {
  if (CONTROL_NOT_WHITESPACE.test(value) || LONE_SURROGATE.test(value)) return false;
  return multiline || !LINE_BREAK_OR_TAB.test(value);
}

const singleLineCheck = z.superRefine<string>((value, ctx) => {
  if (isCleanText(value)) return;
  const onlyBreaks = isCleanText(value, true);
  ctx.addIssue({
    code: 'custom',
    message: onlyBreaks ? LINE_BREAKS_MESSAGE : CONTROL_CHARACTERS_MESSAGE,
    input: value,
  });
});
const multilineCheck = z.refine<string>((value) => isCleanText(value, true), CONTROL_CHARACTERS_MESSAGE);

type StringParams = Parameters<typeof z.string>[0];

/** A one-line text field: no control characters, no tabs or line breaks. Chain .trim(), .min(), .max() as usual. */
export const text = (params?: StringParams) => z.string(params).check(singleLineCheck);

/** A text field of several lines (notes, messages, descriptions): tabs and line breaks allowed. */
export const multilineText = (params?: StringParams) => z.string(params).check(multilineCheck);

// scheme, host name or [IPv6], optional port, then a path, query or fragment without spaces.
const HTTP_URL = /^https?:\/\/([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(:\d{1,5})?([/?#]\S*)?$/i;

/** An absolute http(s) address and nothing else (no javascript:, data:, file:, user@host, …). */
export function isHttpUrl(value: string): boolean {
  return HTTP_URL.test(value);
}

/** A link field: trimmed one-line text that is an http(s) address. */
export const httpUrl = (message: string = HTTP_URL_MESSAGE) =>
  text({ error: message })
    .trim()
    .refine((v) => isHttpUrl(v), message);

/** Whether a zod string schema was built by text(), multilineText() or httpUrl() (the contract test checks every call). */
export function isTextSchema(schema: z.ZodType): boolean {
  const checks = (schema._zod.def as { checks?: unknown[] }).checks ?? [];
  return checks.includes(singleLineCheck) || checks.includes(multilineCheck);
}
