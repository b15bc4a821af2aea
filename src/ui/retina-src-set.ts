/** The pixel densities retina image variants exist for (file@1.5x.png, file@2x.png, ...). */
export const retinaScales = [1.5, 2, 3, 4] as const;

/** "a/b.png" and 2 -> "a/b@2x.png"; the suffix goes before the extension, and before any query or hash. */
export function retinaVariantUrl(url: string, scale: number): string {
  const suffixStart = url.search(/[?#]/);
  const path = suffixStart === -1 ? url : url.slice(0, suffixStart);
  const suffix = suffixStart === -1 ? "" : url.slice(suffixStart);
  const lastSlash = path.lastIndexOf("/");
  const lastDot = path.lastIndexOf(".");
  const marker = `@${scale}x`;
  if (lastDot <= lastSlash + 1) return `${path}${marker}${suffix}`;
  return `${path.slice(0, lastDot)}${marker}${path.slice(lastDot)}${suffix}`;
}

/** A srcset of the retina variants: retinaSrcSet("a/b.png", [2]) -> "a/b@2x.png 2x". */
export function retinaSrcSet(url: string, scales: readonly number[] = retinaScales): string {
  return scales
    .filter((scale) => Number.isFinite(scale) && scale > 1)
    .map((scale) => `${retinaVariantUrl(url, scale)} ${scale}x`)
    .join(", ");
}
