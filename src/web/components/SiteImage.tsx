import type { SiteImage as StoredImage } from "../../shared/site/site-content.ts";
import { siteImagePath } from "../../shared/site/site-image-path.ts";

/**
 * A picture uploaded in «Nettsted», with the width and height the server stored it at, so the page keeps
 * its layout while it loads. `alt=""` for a picture that only repeats text beside it (a sponsor's logo).
 */
export function SiteImage({ image, alt, className, eager = false }: { image: StoredImage; alt: string; className?: string; eager?: boolean }) {
  return (
    <img
      className={className}
      src={siteImagePath(image)}
      width={image.width}
      height={image.height}
      alt={alt}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
    />
  );
}
