// Accepts an uploaded image only for what its bytes are: the format is read from the signature,
// the image must decode as that format, and it is re-encoded so no metadata (EXIF with GPS, XMP,
// comments, embedded thumbnails) and nothing appended after the image survives.
import sharp from 'sharp';
import { BusinessError } from '../http/business-error.ts';

export type ImageFormat = 'jpeg' | 'png' | 'webp';

/** The three signatures accepted; the file name and the declared content type are never read. */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | null {
  const at = (offset: number, ...expected: number[]) =>
    expected.every((byte, i) => bytes[offset + i] === byte);
  if (at(0, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'webp';
  return null;
}

/** An ID photo has no need of more; it also bounds what a small file may decompress to. */
const maxPixels = 40_000_000;

export interface CleanImage {
  format: ImageFormat;
  bytes: Buffer;
}

/**
 * The image re-encoded in its own format, turned upright by its EXIF orientation first (so the
 * photo still reads the right way once the tag is gone). Refuses anything else.
 */
export async function cleanImage(input: Uint8Array, maxBytes: number): Promise<CleanImage> {
  if (input.byteLength > maxBytes) {
    throw new BusinessError('image_too_large', { amount: megabytes(maxBytes) });
  }
  const format = sniffImageFormat(input);
  if (format === null) throw new BusinessError('image_not_supported');
  try {
    const image = sharp(input, { limitInputPixels: maxPixels, failOn: 'error' });
    const { format: decoded } = await image.metadata();
    // A signature glued onto something else: the decoder must agree with the sniff.
    if (decoded !== format) throw new BusinessError('image_not_supported');
    const upright = image.rotate();
    const encoded =
      format === 'jpeg'
        ? upright.jpeg({ quality: 90, mozjpeg: true })
        : format === 'png'
          ? upright.png()
          : upright.webp({ quality: 90 });
    return { format, bytes: await encoded.toBuffer() };
  } catch (error) {
    if (error instanceof BusinessError) throw error;
    // libvips could not decode it: truncated, corrupt, or too many pixels.
    throw new BusinessError('image_not_supported');
  }
}

function megabytes(bytes: number): string {
  return String(Math.round((bytes / (1024 * 1024)) * 10) / 10);
}
