import { useState, type MouseEvent } from "react";
import { campEditionFromData } from "../../../../shared/camp/camp-edition-data.ts";
import type { CampEditionData } from "../../../../shared/camp/camp-edition-schema.ts";
import { CampEditionProvider } from "../../../lib/camp-edition.tsx";
import CampInfoPage from "../../info/CampInfoPage.tsx";
import CampPricesPage from "../../info/CampPricesPage.tsx";
import CampSchedulePage from "../../info/CampSchedulePage.tsx";
import { Tabs } from "../../participants/Tabs.tsx";
import "../../info/camp-info.css";

/** A click on a link in the preview stays here: the volunteer's unsaved form must not be left behind. */
function keepLinksHere(event: MouseEvent) {
  if ((event.target as Element).closest?.("a")) {
    event.preventDefault();
    event.stopPropagation();
  }
}

/**
 * "Forhåndsvis": the public camp pages (information, program, prices) as they would look with this
 * edition, rendered here in the browser by the same page components the site uses.
 */
export function EditionPreview({ data, headingId }: { data: CampEditionData; headingId: string }) {
  const [page, setPage] = useState("info");
  const edition = campEditionFromData(data);
  const wrap = (content: React.ReactNode) => (
    <CampEditionProvider edition={edition}>
      <div className="edition-preview-page" onClickCapture={keepLinksHere}>
        <p className="edition-preview-title" aria-hidden="true">
          Vinterleir {data.year}
        </p>
        {content}
      </div>
    </CampEditionProvider>
  );
  return (
    <section className="edition-preview" aria-labelledby={headingId}>
      <h2 id={headingId} tabIndex={-1}>
        Forhåndsvisning av vinterleiren {data.year}
      </h2>
      <p className="field-hint">Slik blir sidene om vinterleiren med det som står i skjemaet nå. Lenkene virker ikke her.</p>
      <Tabs
        label="Forhåndsvisning"
        selected={page}
        onSelect={setPage}
        tabs={[
          { id: "info", label: "Informasjon", content: wrap(<CampInfoPage />) },
          { id: "program", label: "Program", content: wrap(<CampSchedulePage />) },
          { id: "prices", label: "Priser", content: wrap(<CampPricesPage />) },
        ]}
      />
    </section>
  );
}
