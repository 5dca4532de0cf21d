// What a sent file really is, read from its bytes: the name's extension must agree with them, so an HTML or
// SVG page named .png is refused. Pictures (PNG, JPEG, GIF, WebP), PDF, Office documents and plain text.

export interface SniffedType {
  contentType: string;
  extension: string;
}

const startsWith = (body: Buffer, bytes: number[], offset = 0) =>
  body.length >= offset + bytes.length && bytes.every((b, i) => body[offset + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const OFFICE_ZIP: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
};
const OFFICE_OLE: Record<string, string> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
};
const TEXT: Record<string, string> = { txt: 'text/plain', csv: 'text/csv', md: 'text/plain' };
const IMAGE_EXTENSIONS: Record<string, string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
};

function imageType(body: Buffer): string | null {
  if (startsWith(body, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(body, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(body, ascii('GIF87a')) || startsWith(body, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(body, ascii('RIFF')) && startsWith(body, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

/** Text a browser could take for a page or a script, whatever it is called. */
function looksLikeMarkup(body: Buffer): boolean {
  const head = body.subarray(0, 4096).toString('utf8').toLowerCase();
  return /<\s*(!doctype|html|head|body|script|svg|iframe|object|embed|\?xml|meta|link|style)\b/.test(head);
}

function isPlainText(body: Buffer): boolean {
  if (body.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(body);
    return !looksLikeMarkup(body);
  } catch {
    return false;
  }
}

export function extensionOf(fileName: string): string {
  const match = /\.([A-Za-z0-9]{1,8})$/.exec(fileName);
  return match ? match[1]!.toLowerCase() : '';
}

/** The file's type when its bytes and its name agree on an accepted one; null otherwise. */
export function sniffAttachment(body: Buffer, fileName: string): SniffedType | null {
  if (body.length === 0) return null;
  const extension = extensionOf(fileName);
  const image = imageType(body);
  if (image) return IMAGE_EXTENSIONS[image]!.includes(extension) ? { contentType: image, extension } : null;
  if (startsWith(body, ascii('%PDF-')))
    return extension === 'pdf' ? { contentType: 'application/pdf', extension } : null;
  if (startsWith(body, [0x50, 0x4b, 0x03, 0x04])) {
    const type = OFFICE_ZIP[extension];
    return type ? { contentType: type, extension } : null;
  }
  if (startsWith(body, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    const type = OFFICE_OLE[extension];
    return type ? { contentType: type, extension } : null;
  }
  const text = TEXT[extension];
  if (text && isPlainText(body)) return { contentType: `${text}; charset=utf-8`, extension };
  return null;
}

/** A file name safe to store and show: no path, no control characters, at most 200 characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const cleaned = base.replace(/[\u0000-\u001f\u007f"<>]/g, '').trim();
  return (cleaned || 'file').slice(-200);
}
