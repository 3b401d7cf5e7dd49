import { Link } from "react-router";
import { campDocumentPaths } from "../../../shared/camp/camp-documents.ts";
import { campProgram } from "../../../shared/camp/camp-program.ts";
import { formatDateRange } from "../../../shared/format.ts";
import { ExternalLink } from "../../components/ExternalLink.tsx";
import { useAnnouncedCamp } from "../../lib/camp-edition.tsx";
import { CampNotAnnounced } from "./CampNotAnnounced.tsx";
import { CampProgramDays } from "./CampProgramDays.tsx";
import { CampMomentNotice } from "./CampMomentNotice.tsx";

export default function CampSchedulePage() {
  const campEdition = useAnnouncedCamp();
  if (!campEdition) return <CampNotAnnounced />;
  const documents = campDocumentPaths(campEdition.year);
  return (
    <>
      <CampMomentNotice />
      <h2>Flyer og invitasjon</h2>
      <p>
        Flyerne har programmet, prisene og det praktiske samlet på ett ark. Skriv dem gjerne ut og heng dem opp i klubben din, eller send invitasjonen
        videre til andre klubber.
      </p>
      <div className="button-row">
        <ExternalLink className="button" href={documents.children}>
          <span>
            Flyer for barn <span className="camp-file-type">(PDF)</span>
          </span>
        </ExternalLink>
        <ExternalLink className="button" href={documents.adults}>
          <span>
            Flyer for voksne <span className="camp-file-type">(PDF)</span>
          </span>
        </ExternalLink>
        <ExternalLink className="button secondary" href={documents.clubs}>
          <span>
            Invitasjon til andre klubber <span className="camp-file-type">(PDF)</span>
          </span>
        </ExternalLink>
      </div>

      <h2>Program</h2>
      <p>
        Slik ser programmet ut for {formatDateRange(campEdition.start, campEdition.end)} på {campEdition.settings.venue}. Treningsøktene deles etter
        grad og alder, og instruktørene forteller hvilken hall gruppen din skal til. Små endringer i tidene kan komme.
      </p>
      <p>
        <Link to="/vinterleir/print/program">Utskriftsvennlig program</Link>
      </p>
      <CampProgramDays days={campProgram(campEdition)} headingLevel="h3" />
    </>
  );
}
