import { Link } from "react-router";
import { useClubContact } from "../../lib/site-content.tsx";
import { groupSections } from "../groups/group-sections.ts";
import { TimesTable } from "../groups/TimesTable.tsx";

const sections = ["barn", "ungdomvoksen"] as const;

export default function TrainingTimesPage() {
  const { hall } = useClubContact();
  return (
    <div className="page">
      <h1>Treningstider</h1>
      <p className="lead">
        Alle treningene er i treningslokalet vårt i {hall.street}
        {hall.landmark ? `, ${hall.landmark}` : ""}.
      </p>
      {sections.map((section) => {
        const { title, path } = groupSections[section];
        return (
          <section key={section} aria-labelledby={`tider-${section}`}>
            <h2 id={`tider-${section}`}>{title}</h2>
            <TimesTable section={section} caption={`Treningstider for ${title.toLowerCase()}`} />
            <p>
              <Link to={`${path}/informasjon`}>Les mer om {title.toLowerCase()}</Link> · <Link to={`${path}/priser`}>Priser</Link>
            </p>
          </section>
        );
      })}
      <p className="button-row">
        <Link className="button secondary" to="/">
          Tilbake
        </Link>
        <Link className="button" to="/nyttmedlem">
          Meld interesse
        </Link>
      </p>
    </div>
  );
}
