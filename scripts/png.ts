/**
 * A minimal PNG encoder (8-bit RGBA, no interlacing) so the icon generator needs no image library.
 * Format: https://www.w3.org/TR/png-3/ — signature, IHDR, one IDAT with zlib data, IEND.
 */
import { crc32, deflateSync } from 'node:zlib';

interface RgbaImage {
  readonly width: number;
  readonly height: number;
  /** width × height × 4 bytes, rows top to bottom, non-premultiplied RGBA. */
  readonly pixels: Uint8Array;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function encodeChunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

export function encodePng(image: RgbaImage): Buffer {
  const { width, height, pixels } = image;
  if (pixels.length !== width * height * 4) throw new Error(`expected ${width * height * 4} bytes of RGBA`);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(6, 9); // colour type: truecolour with alpha
  // Bytes 10–12 stay 0: deflate compression, adaptive filtering, no interlace.
  const rowLength = width * 4;
  const raw = Buffer.alloc((rowLength + 1) * height);
  for (let y = 0; y < height; y++) {
    // Each row starts with its filter type; 0 (none) keeps the encoder trivial, deflate does the rest.
    raw.set(pixels.subarray(y * rowLength, (y + 1) * rowLength), y * (rowLength + 1) + 1);
  }
  return Buffer.concat([
    PNG_SIGNATURE,
    encodeChunk('IHDR', header),
    encodeChunk('IDAT', deflateSync(raw, { level: 9 })),
    encodeChunk('IEND', Buffer.alloc(0)),
  ]);
}

interface PngInfo {
  readonly width: number;
  readonly height: number;
  readonly bitDepth: number;
  readonly colourType: number;
}

/** Reads the size from IHDR after checking the signature and the header's CRC. */
export function readPngInfo(file: Uint8Array): PngInfo {
  const buffer = Buffer.from(file);
  if (!buffer.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error('not a PNG file');
  if (buffer.toString('latin1', 12, 16) !== 'IHDR') throw new Error('PNG does not start with IHDR');
  const expectedCrc = buffer.readUInt32BE(8 + 8 + 13);
  if (crc32(buffer.subarray(12, 12 + 4 + 13)) !== expectedCrc) throw new Error('PNG header CRC mismatch');
  return {
    width: buffer.readUInt32BE(16),
    height: buffer.readUInt32BE(20),
    bitDepth: buffer.readUInt8(24),
    colourType: buffer.readUInt8(25),
  };
}
