import { useCallback, useEffect, useRef, useState } from "react";
import { ProductImage } from "./ui/product-image";

/** Spec section 9: navigation is locked for 140 ms after a move; a swipe is 40 px. */
export const NAVIGATION_LOCK_MS = 140;
export const SWIPE_THRESHOLD_PX = 40;

interface Photo {
  src: string;
  alt: string;
}

/**
 * The product page's gallery: main image, thumbnails, arrow keys, swipe, and a lightbox
 * (a modal dialog closed by Escape). Without JavaScript it shows the first photo and the
 * thumbnails link to the full images.
 */
export function ProductGallery({ photos, name }: { photos: Photo[]; name: string }) {
  const [index, setIndex] = useState(0);
  const [lightbox, setLightbox] = useState(false);
  const lockedUntil = useRef(0);
  const touchX = useRef<number | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const count = photos.length;

  const move = useCallback(
    (delta: number) => {
      const now = Date.now();
      if (count < 2 || now < lockedUntil.current) return;
      lockedUntil.current = now + NAVIGATION_LOCK_MS;
      setIndex((i) => (i + delta + count) % count);
    },
    [count],
  );

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (lightbox && !el.open) el.showModal();
    if (!lightbox && el.open) el.close();
  }, [lightbox]);

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === "ArrowRight") {
      e.preventDefault();
      move(1);
    } else if (e.key === "ArrowLeft") {
      e.preventDefault();
      move(-1);
    } else if (e.key === "Escape" && lightbox) {
      setLightbox(false);
    }
  };
  const swipe = {
    onTouchStart: (e: React.TouchEvent) => {
      touchX.current = e.touches[0]?.clientX ?? null;
    },
    onTouchEnd: (e: React.TouchEvent) => {
      const start = touchX.current;
      const end = e.changedTouches[0]?.clientX;
      touchX.current = null;
      if (start === null || end === undefined || Math.abs(end - start) < SWIPE_THRESHOLD_PX) return;
      move(end < start ? 1 : -1);
    },
  };

  const current = photos[index];
  if (!current)
    return (
      <div className="gallery">
        <ProductImage src={null} alt={name} sizes="100vw" />
      </div>
    );
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: arrow keys move between photos when the gallery has focus
    <div className="gallery" onKeyDown={onKeyDown}>
      <div className="gallery__main" {...swipe}>
        <button
          type="button"
          className="gallery__open"
          aria-label={`Enlarge photo ${index + 1} of ${count}`}
          onClick={() => setLightbox(true)}
        >
          <ProductImage src={current.src} alt={current.alt} sizes="(min-width: 900px) 560px, 100vw" eager size={800} />
        </button>
        {count > 1 ? (
          <>
            <button
              type="button"
              className="gallery__arrow gallery__arrow--prev"
              aria-label="Previous photo"
              onClick={() => move(-1)}
            >
              ‹
            </button>
            <button
              type="button"
              className="gallery__arrow gallery__arrow--next"
              aria-label="Next photo"
              onClick={() => move(1)}
            >
              ›
            </button>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <ul className="gallery__thumbs">
          {photos.map((p, i) => (
            <li key={p.src}>
              <button
                type="button"
                aria-label={`Show photo ${i + 1}`}
                aria-current={i === index ? "true" : undefined}
                onClick={() => setIndex(i)}
              >
                <ProductImage src={p.src} alt="" sizes="72px" size={72} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <dialog
        ref={dialog}
        className="lightbox"
        aria-label={`${name}: photo ${index + 1} of ${count}`}
        onClose={() => setLightbox(false)}
        onKeyDown={onKeyDown}
        {...swipe}
      >
        {lightbox ? (
          <>
            <ProductImage
              src={current.src}
              alt={current.alt}
              sizes="100vw"
              size={1200}
              eager
              className="lightbox__image"
            />
            <div className="lightbox__bar">
              {count > 1 ? (
                <button type="button" className="button secondary" aria-label="Previous photo" onClick={() => move(-1)}>
                  ‹
                </button>
              ) : null}
              <span>
                {index + 1} / {count}
              </span>
              {count > 1 ? (
                <button type="button" className="button secondary" aria-label="Next photo" onClick={() => move(1)}>
                  ›
                </button>
              ) : null}
              <button type="button" className="button" onClick={() => setLightbox(false)}>
                Close
              </button>
            </div>
          </>
        ) : null}
      </dialog>
    </div>
  );
}
