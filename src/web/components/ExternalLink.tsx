import type { ReactNode } from "react";

/**
 * A link to another site. It opens in a new tab, so screen-reader users are told so; rel keeps the
 * other site from reaching back into ours through window.opener.
 */
export function ExternalLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> (åpnes i ny fane)</span>
    </a>
  );
}
