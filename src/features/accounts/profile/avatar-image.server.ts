import sharp from "sharp";
import { fail, ok, type Result } from "../../../platform/http/errors.ts";
import { AVATAR_MAX_BYTES, AVATAR_SIZE, type ProfileFailure } from "./profile.schema.ts";

/** Formats an avatar may come in; anything else (SVG, TIFF, PDF, ...) is refused. */
const ACCEPTED_FORMATS: ReadonlySet<string> = new Set(["jpeg", "png", "webp", "gif"]);
/** A decompression bomb's guard: no image over 40 megapixels is decoded. */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * An uploaded file made into the stored avatar: the bytes must decode as a
 * JPEG, PNG, WebP or GIF (its name and declared type prove nothing), and the
 * result is a square WebP of AVATAR_SIZE pixels, turned upright by its EXIF
 * orientation and stripped of its metadata (camera, place).
 */
export async function avatarImage(upload: Buffer): Promise<Result<Buffer, Extract<ProfileFailure, "avatar_missing" | "avatar_too_large" | "avatar_not_image">>> {
  if (upload.length === 0) return fail("avatar_missing");
  if (upload.length > AVATAR_MAX_BYTES) return fail("avatar_too_large");
  try {
    const image = sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS, animated: false, failOn: "error" });
    const { format } = await image.metadata();
    if (!format || !ACCEPTED_FORMATS.has(format)) return fail("avatar_not_image");
    return ok(await image.rotate().resize(AVATAR_SIZE, AVATAR_SIZE, { fit: "cover", position: "attention" }).webp({ quality: 82 }).toBuffer());
  } catch {
    return fail("avatar_not_image");
  }
}
