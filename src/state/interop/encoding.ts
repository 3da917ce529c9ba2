/**
 * Text from a file's bytes when the file does not say how it is encoded: UTF-16 by its byte-order
 * mark or, without one, by its many zero bytes; else UTF-8; bytes that are not UTF-8 as
 * Windows-1252, what Windows' "ANSI" text files in the West are. A guess is said in a warning
 * (rather than each such letter becoming U+FFFD, or the file being refused as binary, unnoticed).
 */

/** Windows-1252's bytes 80–9F (empty where it has none). */
const CP1252_80_9F = [...'€\0‚ƒ„…†‡ˆ‰Š‹Œ\0Ž\0\0‘’“”•–—˜™š›œ\0žŸ'].map((c) => (c === '\0' ? '' : c));

export const NOT_UTF8_WARNING =
  'The file is not UTF-8 text: it was read as Windows-1252 (Western European). Check accented letters and symbols.';

export const utf16Warning = (encoding: Utf16): string =>
  `The file is not UTF-8 text: it was read as UTF-16 ${encoding === 'utf-16le' ? 'little' : 'big'}-endian, which it has no byte-order mark to say. Check accented letters and symbols.`;

export type Utf16 = 'utf-16le' | 'utf-16be';

/** Bytes looked at to tell UTF-16 without a byte-order mark. */
const UTF16_SNIFF_BYTES = 4096;

/** The UTF-16 a file's byte-order mark names, or null. */
export function utf16ByBom(bytes: Uint8Array): Utf16 | null {
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  return null;
}

/**
 * UTF-16 without a byte-order mark, told by its zero bytes: text in Latin letters has a zero high
 * byte in most of its characters (the odd bytes in little-endian, the even ones in big-endian),
 * while UTF-8 and Windows-1252 text has no zero bytes at all.
 */
export function utf16ByZeros(bytes: Uint8Array): Utf16 | null {
  const pairs = Math.floor(Math.min(bytes.length, UTF16_SNIFF_BYTES) / 2);
  if (pairs < 2) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < pairs; i++) {
    if (bytes[2 * i] === 0) evenZeros++;
    if (bytes[2 * i + 1] === 0) oddZeros++;
  }
  if (oddZeros * 2 > pairs && evenZeros * 10 < pairs) return 'utf-16le';
  if (evenZeros * 2 > pairs && oddZeros * 10 < pairs) return 'utf-16be';
  return null;
}

/** Windows-1252 text (Node's decoder reads bytes 80–9F as Latin-1's controls, not as its letters and marks). */
export function decodeWindows1252(bytes: Uint8Array): string {
  return new TextDecoder('windows-1252').decode(bytes).replace(/[\u0080-\u009f]/g, (c) => CP1252_80_9F[c.charCodeAt(0) - 0x80] || c);
}

/** UTF-8 (a BOM dropped) or, for bytes that are not UTF-8, Windows-1252 with NOT_UTF8_WARNING. */
export function decodeUtf8OrWindows1252(bytes: Uint8Array): { text: string; warning: string | null } {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), warning: null };
  } catch {
    return { text: decodeWindows1252(bytes), warning: NOT_UTF8_WARNING };
  }
}

/** UTF-16 text, by its byte-order mark or (with a warning) its zero bytes; null when the bytes are not UTF-16. */
export function decodeUtf16(bytes: Uint8Array): { text: string; warning: string | null } | null {
  const bom = utf16ByBom(bytes);
  if (bom) return { text: new TextDecoder(bom).decode(bytes), warning: null };
  const guessed = utf16ByZeros(bytes);
  return guessed ? { text: new TextDecoder(guessed).decode(bytes), warning: utf16Warning(guessed) } : null;
}

/** Text of a non-XML file (see the file comment). */
export function decodeText(bytes: Uint8Array): { text: string; warning: string | null } {
  return decodeUtf16(bytes) ?? decodeUtf8OrWindows1252(bytes);
}
