import type { Banner } from "./settings";

/**
 * The banners a store shows on a day in India: those whose schedule holds it. A banner's `from`
 * and `to` are whole days, both shown; an empty one is no bound.
 */
export function bannersShownOn(banners: readonly Banner[], day: string): Banner[] {
  return banners.filter(
    (banner) => (banner.from === "" || banner.from <= day) && (banner.to === "" || day <= banner.to),
  );
}
