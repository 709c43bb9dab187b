import { ImageFormat } from './screenshot-storage';

export interface ImageDimensions {
  width: number;
  height: number;
}

/**
 * The width and height an image declares in its header, read without decoding it, so an image whose
 * declared size would take gigabytes to decode is refused before anything decodes it. Null when the header
 * is truncated or malformed.
 */
export function readImageDimensions(data: Buffer, format: ImageFormat): ImageDimensions | null {
  switch (format.extension) {
    case 'png':
      return pngDimensions(data);
    case 'gif':
      return gifDimensions(data);
    case 'jpg':
      return jpegDimensions(data);
    case 'webp':
      return webpDimensions(data);
    default:
      return null;
  }
}

/** PNG: the IHDR chunk comes first, width and height as 32-bit big-endian at bytes 16 and 20. */
function pngDimensions(data: Buffer): ImageDimensions | null {
  if (data.length < 24 || data.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

/** GIF: the logical screen size, 16-bit little-endian at bytes 6 and 8. */
function gifDimensions(data: Buffer): ImageDimensions | null {
  if (data.length < 10) return null;
  return { width: data.readUInt16LE(6), height: data.readUInt16LE(8) };
}

/** Start-of-frame markers of every JPEG coding process (C0–CF except DHT C4, JPG C8 and DAC CC). */
const JPEG_FRAME_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/** JPEG: walk the marker segments up to the first start-of-frame, which holds height then width. */
function jpegDimensions(data: Buffer): ImageDimensions | null {
  let offset = 2;
  while (offset + 4 <= data.length) {
    if (data[offset] !== 0xff) return null;
    const marker = data[offset + 1];
    if (marker === 0xff) {
      offset++; // fill byte
      continue;
    }
    const length = data.readUInt16BE(offset + 2);
    if (JPEG_FRAME_MARKERS.has(marker)) {
      if (offset + 9 > data.length) return null;
      return { height: data.readUInt16BE(offset + 5), width: data.readUInt16BE(offset + 7) };
    }
    if (length < 2) return null;
    offset += 2 + length;
  }
  return null;
}

/** WebP: the first chunk says lossy (VP8), lossless (VP8L) or extended (VP8X), each storing the size its own way. */
function webpDimensions(data: Buffer): ImageDimensions | null {
  if (data.length < 30) return null;
  switch (data.toString('latin1', 12, 16)) {
    case 'VP8 ':
      return { width: data.readUInt16LE(26) & 0x3fff, height: data.readUInt16LE(28) & 0x3fff };
    case 'VP8L': {
      const bits = data.readUInt32LE(21);
      return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
    }
    case 'VP8X':
      return { width: data.readUIntLE(24, 3) + 1, height: data.readUIntLE(27, 3) + 1 };
    default:
      return null;
  }
}
