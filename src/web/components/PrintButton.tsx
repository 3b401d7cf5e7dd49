import type { MouseEvent } from "react";

/** Prints the page. data-action lets the static page (no React runtime) do the same via lib/page-script.ts. */
export function PrintButton({ label = "Skriv ut" }: { label?: string }) {
  function print(event: MouseEvent) {
    event.preventDefault();
    window.print();
  }
  return (
    <button type="button" className="button no-print" data-action="print" onClick={print}>
      {label}
    </button>
  );
}
