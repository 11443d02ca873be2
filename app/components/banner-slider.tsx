import { useEffect, useRef, useState } from "react";
import type { Banner } from "../modules/store/settings";
import { Link } from "../platform/navigation/navigation";
import { imageAt, srcSetAt } from "./ui/product-image";
import { useHydrated } from "./ui/use-hydrated";

export const BANNER_INTERVAL_MS = 4000;
const SWIPE_PX = 40;
/** The widths a banner is offered at: a phone at 2-3x takes 960 or 1280, a wide screen 1280. */
const BANNER_WIDTHS = [640, 960, 1280] as const;

/**
 * The home banner slider (spec sections 2 and 9): a new banner every 4 s, paused while the
 * pointer is over it, while it has keyboard focus and while the tab is hidden; previous/next
 * arrows, dots and swipe. A banner's heading, text and button are real text over its picture
 * (issue 60): drawn into the picture they were 9 px high on a phone. Without JavaScript it is the first banner, as a plain link.
 * The other banners' pictures are asked for once the scripts run: before that they cannot be
 * shown, and they would take a slow connection from the first banner, the page's largest
 * picture.
 */
export function BannerSlider({ banners }: { banners: Banner[] }) {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [hidden, setHidden] = useState(false);
  const touchX = useRef<number | null>(null);
  const hydrated = useHydrated();
  const count = banners.length;
  const paused = hovered || focused || hidden;

  useEffect(() => {
    const onVisibility = () => setHidden(document.visibilityState === "hidden");
    onVisibility();
    document.addEventListener("visibilitychange", onVisibility);
    return () => document.removeEventListener("visibilitychange", onVisibility);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a move (also by arrow or dot) restarts the 4 s wait
  useEffect(() => {
    if (paused || count < 2) return;
    const timer = window.setTimeout(() => setIndex((i) => (i + 1) % count), BANNER_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [paused, count, index]);

  if (count === 0) return null;
  const go = (i: number) => setIndex((i + count) % count);

  return (
    <section
      className="slider"
      aria-roledescription="carousel"
      aria-label="Offers"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      onTouchStart={(e) => {
        touchX.current = e.touches[0]?.clientX ?? null;
      }}
      onTouchEnd={(e) => {
        const start = touchX.current;
        const end = e.changedTouches[0]?.clientX;
        touchX.current = null;
        if (start === null || end === undefined || Math.abs(end - start) < SWIPE_PX) return;
        go(end < start ? index + 1 : index - 1);
      }}
    >
      <div className="slider__track" style={{ transform: `translateX(-${index * 100}%)` }}>
        {banners.map((b, i) => (
          <Link
            key={b.image}
            to={b.href}
            className="slider__slide"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}: ${[b.heading, b.text].filter(Boolean).join(". ") || b.alt}`}
            aria-hidden={i === index ? undefined : true}
            tabIndex={i === index ? undefined : -1}
          >
            {i === 0 || hydrated ? (
              <img
                src={imageAt(b.image, 960)}
                srcSet={srcSetAt(b.image, BANNER_WIDTHS)}
                sizes="(min-width: 1200px) 1200px, 100vw"
                alt={b.alt}
                width="1600"
                height="600"
                loading={i === 0 ? "eager" : "lazy"}
                fetchPriority={i === 0 ? "high" : undefined}
              />
            ) : null}
            {b.heading || b.text || b.button ? (
              <span className="slider__caption">
                {b.heading ? <span className="slider__heading">{b.heading}</span> : null}
                {b.text ? <span className="slider__text">{b.text}</span> : null}
                {b.button ? <span className="slider__button">{b.button}</span> : null}
              </span>
            ) : null}
          </Link>
        ))}
      </div>
      {count > 1 ? (
        <>
          <button
            type="button"
            className="slider__arrow slider__arrow--prev"
            aria-label="Previous banner"
            onClick={() => go(index - 1)}
          >
            ‹
          </button>
          <button
            type="button"
            className="slider__arrow slider__arrow--next"
            aria-label="Next banner"
            onClick={() => go(index + 1)}
          >
            ›
          </button>
          <div className="slider__dots">
            {banners.map((b, i) => (
              <button
                key={b.image}
                type="button"
                className="slider__dot"
                aria-label={`Show banner ${i + 1}`}
                aria-current={i === index ? "true" : undefined}
                onClick={() => go(i)}
              />
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}
