import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { fail, ok, type Result } from "../http/errors.ts";
import { storedFileUrl, type FileStorage } from "./file-storage.ts";

/** Why an uploaded image is refused: nothing sent, too many bytes, or bytes that do not decode as an accepted image. */
export type UploadedImageFailure = "missing" | "too_large" | "not_image";

/** Decoded formats an upload may be in (sharp's names); anything else (SVG, TIFF, PDF, ...) is refused. */
export type UploadedImageFormat = "jpeg" | "png" | "webp" | "gif";

/** What an upload is made into: at most `maxBytes` in, `width` x `height` WebP out, cropped to fill. */
export interface ImageShape {
  readonly maxBytes: number;
  readonly width: number;
  readonly height: number;
  readonly formats: readonly UploadedImageFormat[];
}

/** A decompression bomb's guard: no image over 40 megapixels is decoded. */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * An uploaded file made into a stored image: the bytes must decode as one of
 * `shape.formats` (its name and declared type prove nothing); the result is a
 * WebP of the shape's size, cropped around what draws the eye, turned upright
 * by its EXIF orientation and stripped of its metadata (camera, place).
 */
export async function resizedUpload(upload: Buffer, shape: ImageShape): Promise<Result<Buffer, UploadedImageFailure>> {
  if (upload.length === 0) return fail("missing");
  if (upload.length > shape.maxBytes) return fail("too_large");
  try {
    const image = sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS, animated: false, failOn: "error" });
    const { format } = await image.metadata();
    if (!format || !shape.formats.some((accepted) => accepted === format)) return fail("not_image");
    return ok(await image.rotate().resize(shape.width, shape.height, { fit: "cover", position: "attention" }).webp({ quality: 82 }).toBuffer());
  } catch {
    return fail("not_image");
  }
}

/**
 * Puts a resized image into the storage under a fresh random key in `folder`
 * (so a cached old image never hides a new one); answers its public URL.
 * `prefix` (lower-case letters, digits, dashes) says whose image it is.
 */
export async function storeImage(storage: FileStorage, folder: string, prefix: string, image: Buffer): Promise<string> {
  const key = `${folder}/${prefix}-${randomBytes(8).toString("hex")}.webp`;
  await storage.put(key, image);
  return storedFileUrl(key);
}
