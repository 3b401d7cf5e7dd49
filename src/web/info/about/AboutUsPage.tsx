import { Link } from "react-router";
import { club, mapUrlOf } from "../../../shared/club/club-facts.ts";
import { ExternalLink } from "../../components/ExternalLink.tsx";
import { useClubContact } from "../../lib/site-content.tsx";

function listNames(names: readonly string[]): string {
  return names.length < 2 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} og ${names.at(-1)}`;
}

export default function AboutUsPage() {
  const { hall } = useClubContact();
  const otherMasters = club.masters.filter((name) => !club.leader.includes(name));
  return (
    <>
      <h1>Om oss</h1>
      <p className="lead">
        {club.name} ble stiftet i {club.founded} og er en av de eldste taekwondoklubbene i Norge.
      </p>

      <h2>Fra {club.founded} til i dag</h2>
      <p>
        Klubben ble startet av {listNames(club.founders)}, som tok med seg taekwondoen til Ski. Siden den gang har flere generasjoner barn, ungdommer
        og voksne trent hos oss – noen i et par år, andre i flere tiår.
      </p>

      <h2>Instruktører og mestere</h2>
      <p>
        Klubben ledes av {club.leader}.
        {otherMasters.length > 0 && (
          <>
            {" "}
            Sammen med mester {listNames(otherMasters)} og klubbens egne instruktører sørger han for at alle får god oppfølging, fra den første
            prøvetimen til gradering til sort belte.
          </>
        )}
      </p>

      <h2>Konkurranselaget</h2>
      <p>
        For dem som vil måle seg mot andre, har klubben et eget konkurranselag. Utøverne våre har deltatt både i norgesmesterskap og europamesterskap.
      </p>

      <h2>TTU og World Taekwondo</h2>
      <p>
        Vi er medlem av <ExternalLink href={club.union.url}>{club.union.name}</ExternalLink>, som ble grunnlagt av {club.union.founder}. Gjennom TTU
        er klubben en del av World Taekwondo. Som medlem hos oss er du også medlem av Norges idrettsforbund (NIF) og Norges Kampsportforbund (NKF).
      </p>

      <h2>Treningslokalet</h2>
      <p>Vi har vårt eget treningslokale, med et eget trimrom, {hall.landmark}:</p>
      <address className="address card">
        <strong>{club.name}</strong>
        <br />
        {hall.street}, {hall.postcode} {hall.town}
        <br />
        <ExternalLink href={mapUrlOf(hall)}>Vis i kart</ExternalLink>
      </address>

      <h2>Kom på en gratis prøvetime</h2>
      <p>
        Lurer du på om taekwondo er noe for deg eller barnet ditt? Kom og prøv! Prøvetimene er gratis, og du trenger ikke utstyr – vanlige
        treningsklær holder. Meld interesse, så tar vi kontakt, eller sjekk <Link to="/treningstider">treningstidene</Link> først.
      </p>
      <p className="button-row">
        <Link className="button" to="/nyttmedlem">
          Meld interesse
        </Link>
        <Link className="button secondary" to="/om/taekwondo">
          Hva er taekwondo?
        </Link>
      </p>
    </>
  );
}
