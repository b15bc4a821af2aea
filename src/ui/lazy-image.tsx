import { useEffect, useRef, useState, type CSSProperties, type SyntheticEvent } from "react";
import { retinaScales, retinaSrcSet } from "./retina-src-set.ts";
import { useIsClient } from "./use-is-client.ts";

export { retinaScales, retinaSrcSet, retinaVariantUrl } from "./retina-src-set.ts";

/** Load images once they come within 200 px of the viewport. */
export const lazyImageObserverOptions = { rootMargin: "200px", threshold: 0.01 } as const;

/** A transparent pixel that holds the image's place until it loads. */
export const lazyImagePlaceholder = "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7";

export interface LazyImageProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** Offer retina variants (file@2x.png ...): true for @1.5x, @2x, @3x and @4x, or a list of densities. */
  retina?: boolean | readonly number[];
  className?: string;
  style?: CSSProperties;
}

/**
 * An image that loads only when it nears the viewport (IntersectionObserver,
 * 200 px margin), and at once where IntersectionObserver is missing. The
 * server renders a placeholder of the right size, plus a <noscript> image.
 */
export function LazyImage({ src, alt, width, height, retina = false, className, style }: LazyImageProps) {
  const imageRef = useRef<HTMLImageElement | null>(null);
  const isClient = useIsClient();
  const canObserve = isClient && typeof IntersectionObserver !== "undefined";
  const [seen, setSeen] = useState(false);
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null);
  // Without IntersectionObserver there is nothing to wait for: load as soon as the page runs.
  const near = seen || (isClient && !canObserve);
  const loaded = near && loadedSrc === src;

  useEffect(() => {
    const image = imageRef.current;
    if (!image || !canObserve || seen) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting || entry.intersectionRatio > 0)) {
        setSeen(true);
        observer.disconnect();
      }
    }, lazyImageObserverOptions);
    observer.observe(image);
    return () => observer.disconnect();
  }, [canObserve, seen]);

  function handleLoad(event: SyntheticEvent<HTMLImageElement>) {
    if (near && event.currentTarget.getAttribute("src") === src) setLoadedSrc(src);
  }

  const scales = retina === true ? retinaScales : retina === false ? [] : retina;
  const srcSet = scales.length > 0 ? retinaSrcSet(src, scales) : undefined;
  const classes = ["ks-lazy-image", loaded ? "ks-lazy-image--loaded" : "", className ?? ""].filter(Boolean).join(" ");

  return (
    <>
      <img
        ref={imageRef}
        className={classes}
        style={style}
        src={near ? src : lazyImagePlaceholder}
        srcSet={near ? srcSet : undefined}
        alt={alt}
        width={width}
        height={height}
        decoding="async"
        data-state={loaded ? "loaded" : near ? "loading" : "waiting"}
        onLoad={handleLoad}
      />
      <noscript>
        <img src={src} srcSet={srcSet} alt={alt} width={width} height={height} className={className} />
      </noscript>
    </>
  );
}
