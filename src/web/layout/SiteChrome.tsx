import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { TopBar } from "./TopBar.tsx";
import { SiteFooter } from "./SiteFooter.tsx";

/** The frame around every page; print pages (URL containing /print/) get the content alone. */
export function SiteChrome({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const isPrint = pathname.includes("/print/");
  return (
    <>
      {!isPrint && (
        <a className="skip-link" href="#innhold">
          Hopp til innholdet
        </a>
      )}
      {!isPrint && <TopBar />}
      <main id="innhold" tabIndex={-1}>
        {children}
      </main>
      {!isPrint && <SiteFooter />}
    </>
  );
}
