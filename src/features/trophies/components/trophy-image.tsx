/** Where the trophy pictures are served (public/ is served at the root): one sprite, cached once, no JavaScript. */
const trophySpriteUrl = "/trophies/trophy-sprite.svg";

/** One trophy's picture; decorative (aria-hidden) because its name is written beside it. */
export function TrophyImage({ image, size = 48 }: { image: string; size?: number }) {
  return (
    <svg className="ks-trophy-image" width={size} height={size} aria-hidden="true" focusable="false">
      <use href={`${trophySpriteUrl}#${image}`} />
    </svg>
  );
}
