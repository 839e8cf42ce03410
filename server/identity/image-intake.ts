// Accepts an uploaded image only for what its bytes are: the format is read from the signature,
// the image must decode as that format, and it is re-encoded so no metadata (EXIF with GPS, XMP,
// comments, embedded thumbnails) and nothing appended after the image survives. Two steps: a
// cheap look at the header that refuses what should never reach the decoder, then the decode and
// re-encode, which cost real CPU and so run through a bounded queue (identity-routes.ts).
import sharp, { type Metadata } from 'sharp';
import { BusinessError } from '../http/business-error.ts';

export type ImageFormat = 'jpeg' | 'png' | 'webp';

export interface ImageLimits {
  /** Largest file, bytes. */
  maxBytes: number;
  /** Largest width × height as the header declares it. */
  maxPixels: number;
}

/** The three signatures accepted; the file name and the declared content type are never read. */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | null {
  const at = (offset: number, ...expected: number[]) =>
    expected.every((byte, i) => bytes[offset + i] === byte);
  if (at(0, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'webp';
  return null;
}

export interface CleanImage {
  format: ImageFormat;
  bytes: Buffer;
}

/**
 * The image's format, judged from its size, signature and header alone: nothing is decoded, so
 * a refusal here costs next to nothing. A small file that declares a huge canvas (a
 * decompression bomb) is refused by its declared dimensions.
 */
export async function inspectImage(input: Uint8Array, limits: ImageLimits): Promise<ImageFormat> {
  if (input.byteLength > limits.maxBytes) {
    throw new BusinessError('image_too_large', { amount: megabytes(limits.maxBytes) });
  }
  const format = sniffImageFormat(input);
  if (format === null) throw new BusinessError('image_not_supported');
  let header: Metadata;
  try {
    // No pixel limit on this read: it parses the header only, and the check below gives the
    // refusal its own message instead of libvips's generic failure.
    header = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new BusinessError('image_not_supported');
  }
  // A signature glued onto something else: the decoder must agree with the sniff.
  if (header.format !== format || !header.width || !header.height) {
    throw new BusinessError('image_not_supported');
  }
  if (header.width * header.height > limits.maxPixels) {
    throw new BusinessError('image_too_many_pixels', {
      count: Math.round((limits.maxPixels / 1_000_000) * 10) / 10,
    });
  }
  return format;
}

/**
 * The image decoded and re-encoded in its own format, turned upright by its EXIF orientation
 * first (so the photo still reads the right way once the tag is gone). Refuses what does not
 * decode. Only for an input `inspectImage` accepted as `format`.
 */
export async function reencodeImage(
  input: Uint8Array,
  format: ImageFormat,
  maxPixels: number,
): Promise<CleanImage> {
  try {
    // The pixel limit again, so libvips itself stops before decoding if the header check is
    // ever bypassed.
    const upright = sharp(input, { limitInputPixels: maxPixels, failOn: 'error' }).rotate();
    // JPEG through libjpeg-turbo, not mozjpeg: mozjpeg's smaller files cost two to eight times
    // the CPU (docs/identity.md).
    const encoded =
      format === 'jpeg'
        ? upright.jpeg({ quality: 90 })
        : format === 'png'
          ? upright.png()
          : upright.webp({ quality: 90 });
    return { format, bytes: await encoded.toBuffer() };
  } catch {
    // libvips could not decode it: truncated or corrupt.
    throw new BusinessError('image_not_supported');
  }
}

function megabytes(bytes: number): string {
  return String(Math.round((bytes / (1024 * 1024)) * 10) / 10);
}
