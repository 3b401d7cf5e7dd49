import { Link } from "react-router";
import { club } from "../../../shared/club/club-facts.ts";
import { campDocumentPaths } from "../../../shared/camp/camp-documents.ts";
import { campDays } from "../../../shared/camp/camp-edition.ts";
import { gradingDays } from "../../../shared/camp/camp-program.ts";
import { campDayCountWord, campKeyFacts } from "../../../shared/camp/camp-texts.ts";
import { formatKroner, weekdayName } from "../../../shared/format.ts";
import { campWhenSentence } from "../../../shared/camp/camp-moment-texts.ts";
import { ExternalLink } from "../../components/ExternalLink.tsx";
import { useAnnouncedCamp, useCampMoment } from "../../lib/camp-edition.tsx";
import { useNow } from "../../lib/use-now.ts";
import { CampMomentNotice } from "./CampMomentNotice.tsx";
import { CampActions } from "./CampActions.tsx";
import { CampPriceBox } from "./CampPriceBox.tsx";
import { CampNotAnnounced } from "./CampNotAnnounced.tsx";
import { CancellationTerms } from "./CancellationTerms.tsx";
import { LaterCampNotice } from "./LaterCampNotice.tsx";

export default function CampInfoPage() {
  const campEdition = useAnnouncedCamp();
  const moment = useCampMoment();
  const now = useNow();
  if (!campEdition) {
    return (
      <>
        <p className="lead">
          Vinterleiren er {club.name}s store samling hvert år: noen dager med taekwondo for utøvere fra alle klubber i TTU, med trening, gradering og
          overnatting i hallen.
        </p>
        <CampNotAnnounced />
      </>
    );
  }
  const { settings } = campEdition;
  const facts = campKeyFacts(campEdition);
  const grading = gradingDays(campEdition);
  const documents = campDocumentPaths(campEdition.year);

  return (
    <>
      <p className="lead">
        Vinterleiren er {club.name}s store samling hvert år: {campDayCountWord(campEdition)} dager med taekwondo, fra {weekdayName(facts.firstDay)}{" "}
        til {weekdayName(facts.lastDay)}, for utøvere fra alle klubber i TTU.
      </p>
      <CampMomentNotice />
      <p>
        {moment?.phase === "running" ? "" : `${campWhenSentence(campEdition, "upcoming", now)} `}Alle utøvere fra {settings.minAge} år er velkomne,
        uansett beltegrad.
      </p>

      <CampPriceBox edition={campEdition} />
      <CampActions />
      <LaterCampNotice />

      <h2>Trening og aktiviteter</h2>
      <ul>
        <li>Treningsøkter delt etter grad og alder, med instruktører og mestere fra mange klubber.</li>
        <li>Egne sparringsøkter for dem som har erfaring og eget utstyr.</li>
        <li>Oppvisning, middag og aktiviteter {weekdayName(campDays(campEdition)[1] ?? facts.lastDay)} kveld.</li>
        <li>
          Se <Link to="/vinterleir/schedule">hele programmet</Link> for tider og haller.
        </li>
      </ul>

      <h2>Gradering</h2>
      <p>
        <strong>Cup-gradering:</strong> Barn fra {club.name} under {settings.cupGradingBelowAge} år kan gradere på leirens siste dag,{" "}
        {weekdayName(grading.cup)}. Graderingen koster {formatKroner(settings.gradingFee)} i tillegg til leirprisen og velges i påmeldingen. Steget
        til 1. dan er ikke en cup-gradering.
      </p>
      <p>
        <strong>Dan-gradering:</strong> Dan-graderingen holdes den første dagen, {weekdayName(grading.dan)}. Den betales separat til forbundet og er
        ikke med i prisen for leiren.
      </p>

      <h2>Overnatting</h2>
      <p>
        Det er gratis å overnatte i hallen. Ta med sovepose eller dyne, liggeunderlag og pute. Barn fra {club.name} under{" "}
        {settings.homeClubSleepoverMinAge} år kan ikke overnatte.
      </p>

      <h2>Ledsagere og tilskuere</h2>
      <p>
        En ledsager som ikke selv er påmeldt som utøver, betaler {formatKroner(settings.companionFee)} for mat og overnatting. Tilskuere som verken
        skal spise eller overnatte, trenger ikke å melde seg på – de er hjertelig velkomne til å se på.
      </p>

      <h2>Mestere</h2>
      <p>
        Mestere (4. dan og høyere) betaler som alle andre. I påmeldingen kan du krysse av for at du gjerne vil instruere – det setter vi stor pris på.
      </p>

      <h2>Avbestilling og refusjon</h2>
      <CancellationTerms edition={campEdition} />
      <p>
        <ExternalLink href={documents.terms}>Salgsbetingelser for vinterleiren (PDF)</ExternalLink>
      </p>
    </>
  );
}
