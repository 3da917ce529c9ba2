/**
 * Reads a ZIP archive (an .xmind file) into its files, refusing archives that unpack to more than a
 * cap. The central directory is read by hand (it is where the real sizes and offsets are) and each
 * entry is inflated with fflate's streaming Inflate, fed in small slices, so a zip bomb is stopped
 * while inflating even when its headers declare small sizes.
 */
import { Inflate } from 'fflate';
import { FormatError, MAX_IMPORT_BYTES } from './reader';

const EOCD_SIG = 0x06054b50;
const CENTRAL_SIG = 0x02014b50;
const LOCAL_SIG = 0x04034b50;
/** Compressed bytes fed to the inflater at a time: at most ~1,032× this comes out per push. */
const SLICE = 16 * 1024;

function fail(reason: string): never {
  throw new FormatError('ZIP', reason);
}

function megabytes(n: number): string {
  return `${Math.round(n / (1024 * 1024))} MB`;
}

function findEndOfCentralDirectory(b: Uint8Array, view: DataView): number {
  // The record is 22 bytes plus a comment of at most 65,535 bytes at the very end.
  const last = b.length - 22;
  const first = Math.max(0, last - 65535);
  for (let i = last; i >= first; i--) {
    if (b[i] === 0x50 && view.getUint32(i, true) === EOCD_SIG) return i;
  }
  return -1;
}

interface Entry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

function readCentralDirectory(bytes: Uint8Array): Entry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const eocd = bytes.length >= 22 ? findEndOfCentralDirectory(bytes, view) : -1;
  if (eocd < 0) {
    const startsLikeZip = bytes.length >= 4 && view.getUint32(0, true) === LOCAL_SIG;
    fail(startsLikeZip ? 'the archive is truncated (its directory is missing)' : 'it is not a ZIP archive');
  }
  const count = view.getUint16(eocd + 10, true);
  const dirSize = view.getUint32(eocd + 12, true);
  const dirOffset = view.getUint32(eocd + 16, true);
  if (count === 0xffff || dirOffset === 0xffffffff) fail('ZIP64 archives are not supported');
  if (dirOffset + dirSize > eocd) fail('the archive is truncated or damaged (its directory lies outside the file)');
  const decoder = new TextDecoder('utf-8');
  const entries: Entry[] = [];
  let p = dirOffset;
  for (let n = 0; n < count; n++) {
    if (p + 46 > eocd || view.getUint32(p, true) !== CENTRAL_SIG) fail('the archive is damaged (bad directory entry)');
    const nameLength = view.getUint16(p + 28, true);
    const extraLength = view.getUint16(p + 30, true);
    const commentLength = view.getUint16(p + 32, true);
    if (p + 46 + nameLength > eocd) fail('the archive is damaged (bad directory entry)');
    entries.push({
      flags: view.getUint16(p + 8, true),
      method: view.getUint16(p + 10, true),
      compressedSize: view.getUint32(p + 20, true),
      size: view.getUint32(p + 24, true),
      localOffset: view.getUint32(p + 42, true),
      name: decoder.decode(bytes.subarray(p + 46, p + 46 + nameLength)),
    });
    p += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The entry's compressed bytes, located through its local header (whose own sizes are not trusted). */
function entryData(bytes: Uint8Array, e: Entry): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const h = e.localOffset;
  if (h + 30 > bytes.length || view.getUint32(h, true) !== LOCAL_SIG) {
    fail(`the archive is truncated or damaged (entry "${e.name}" is missing)`);
  }
  const start = h + 30 + view.getUint16(h + 26, true) + view.getUint16(h + 28, true);
  const end = start + e.compressedSize;
  if (end > bytes.length) fail(`the archive is truncated (entry "${e.name}" is cut off)`);
  return bytes.subarray(start, end);
}

/**
 * Every file in the archive by name (folders left out). Throws FormatError (format "ZIP") for
 * input that is not a ZIP archive, a truncated or damaged one, encrypted entries, compression
 * other than stored/deflate, and archives whose files add up to more than `maxTotalBytes`
 * (declared sizes are checked first, then the real output while inflating).
 */
export function unzip(bytes: Uint8Array, maxTotalBytes: number = MAX_IMPORT_BYTES): Map<string, Uint8Array> {
  const entries = readCentralDirectory(bytes).filter((e) => !e.name.endsWith('/'));
  const tooBig = () => fail(`the archive unpacks to more than ${megabytes(maxTotalBytes)}`);
  let declared = 0;
  for (const e of entries) declared += e.size;
  if (declared > maxTotalBytes) tooBig();

  const files = new Map<string, Uint8Array>();
  let total = 0;
  for (const e of entries) {
    if (files.has(e.name)) continue; // a repeated name: the first one wins
    if (e.flags & 1) fail(`"${e.name}" is encrypted`);
    const data = entryData(bytes, e);
    if (e.method === 0) {
      total += data.length;
      if (total > maxTotalBytes) tooBig();
      files.set(e.name, data.slice());
      continue;
    }
    if (e.method !== 8) fail(`"${e.name}" uses an unsupported compression method (${e.method})`);
    const chunks: Uint8Array[] = [];
    let size = 0;
    const inflater = new Inflate((chunk) => {
      size += chunk.length;
      total += chunk.length;
      if (total > maxTotalBytes) tooBig();
      chunks.push(chunk);
    });
    try {
      if (data.length === 0) inflater.push(new Uint8Array(0), true);
      for (let i = 0; i < data.length; i += SLICE) {
        inflater.push(data.subarray(i, i + SLICE), i + SLICE >= data.length);
      }
    } catch (err) {
      if (err instanceof FormatError) throw err;
      fail(`"${e.name}" is damaged or truncated (${err instanceof Error ? err.message : String(err)})`);
    }
    files.set(e.name, join(chunks, size));
  }
  return files;
}

function join(chunks: Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
