import type { ImgHTMLAttributes } from "react";

/** The widths the media route renders (routes/media.ts); keep in step with MEDIA_WIDTHS there. */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 960] as const;

/** A stored image URL at a given width (WebP), or the URL itself for other images. */
export function imageAt(src: string, width: number): string {
  return src.startsWith("/media/") ? `${src}?w=${width}` : src;
}

/**
 * A square product image: a WebP srcset of the stored photo, width and height set so the
 * layout never shifts, lazy unless it is near the top of the page.
 */
export function ProductImage({
  src,
  alt,
  sizes,
  eager = false,
  size = 400,
  ...rest
}: {
  src: string | null;
  alt: string;
  sizes: string;
  eager?: boolean;
  size?: number;
} & Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet" | "sizes" | "width" | "height">) {
  if (!src) return <div className="image-placeholder" role="img" aria-label={alt} />;
  const local = src.startsWith("/media/");
  return (
    <img
      src={imageAt(src, 480)}
      srcSet={local ? IMAGE_WIDTHS.map((w) => `${imageAt(src, w)} ${w}w`).join(", ") : undefined}
      sizes={local ? sizes : undefined}
      alt={alt}
      width={size}
      height={size}
      loading={eager ? "eager" : "lazy"}
      fetchPriority={eager ? "high" : undefined}
      decoding={eager ? "sync" : "async"}
      {...rest}
    />
  );
}
