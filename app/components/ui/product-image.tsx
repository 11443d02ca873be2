import type { ImgHTMLAttributes } from "react";

/** The widths the media route renders (routes/media.ts); keep in step with MEDIA_WIDTHS there. */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 960] as const;

/**
 * A stored image URL at a given width (WebP), or the URL itself for other images. A thumbnail
 * is the picture's middle, square (the media route's `crop=centre`).
 */
export function imageAt(src: string, width: number, thumbnail = false): string {
  return src.startsWith("/media/") ? `${src}?w=${width}${thumbnail ? "&crop=centre" : ""}` : src;
}

/**
 * A srcset of a stored image at the given widths (WebP), or undefined for an image stored
 * elsewhere. Stored SVG art goes out as WebP too: the browser builds a whole document for each
 * SVG image on its main thread, which for a page of logos was most of the work before the page
 * could be used.
 */
export function srcSetAt(src: string, widths: readonly number[], thumbnail = false): string | undefined {
  return src.startsWith("/media/") ? widths.map((w) => `${imageAt(src, w, thumbnail)} ${w}w`).join(", ") : undefined;
}

/** The widths a thumbnail (48-80 px at up to 3x) is offered at. */
const THUMBNAIL_WIDTHS = [160, 320] as const;

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
  widths = IMAGE_WIDTHS,
  thumbnail = false,
  ...rest
}: {
  src: string | null;
  alt: string;
  sizes: string;
  eager?: boolean;
  size?: number;
  /** The widths offered; all of them unless the layout needs fewer. */
  widths?: readonly number[];
  /** A cart's, an order's or a list's small picture: the picture's middle, so the product fills it. */
  thumbnail?: boolean;
} & Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet" | "sizes" | "width" | "height">) {
  // A product without a photo: named where the photo would say something, else only a shape
  // (a cart line's thumbnail sits beside the product's name, so it says nothing more).
  if (!src) {
    return alt ? (
      <div className="image-placeholder" role="img" aria-label={alt} />
    ) : (
      <div className="image-placeholder" aria-hidden="true" />
    );
  }
  const srcSet = thumbnail ? srcSetAt(src, THUMBNAIL_WIDTHS, true) : srcSetAt(src, widths);
  return (
    <img
      src={imageAt(src, thumbnail ? 160 : 480, thumbnail)}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
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
