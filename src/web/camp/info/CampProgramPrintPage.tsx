import { PrintButton } from "../../components/PrintButton.tsx";
import { club } from "../../../shared/club/club-facts.ts";
import { campProgram } from "../../../shared/camp/camp-program.ts";
import { formatDateRange } from "../../../shared/format.ts";
import { useAnnouncedCamp } from "../../lib/camp-edition.tsx";
import { CampNotAnnounced } from "./CampNotAnnounced.tsx";
import { CampProgramDays } from "./CampProgramDays.tsx";
import "./camp-info.css";

export default function CampProgramPrintPage() {
  const campEdition = useAnnouncedCamp();
  if (!campEdition) {
    return (
      <div className="page camp-print">
        <h1>Vinterleir – program</h1>
        <CampNotAnnounced />
      </div>
    );
  }
  const registrationUrl = `${club.web.replace(/^https?:\/\//, "")}/vinterleir/registrering`;
  return (
    <div className="page camp-print">
      <div className="camp-print-head">
        <div>
          <h1>Vinterleir {campEdition.year} – program</h1>
          <p className="camp-print-meta">
            {formatDateRange(campEdition.start, campEdition.end)} · {campEdition.settings.venue} · {club.name}
          </p>
        </div>
        <PrintButton />
      </div>
      <CampProgramDays days={campProgram(campEdition)} headingLevel="h2" />
      <p className="camp-print-foot">Påmelding: {registrationUrl}</p>
    </div>
  );
}
