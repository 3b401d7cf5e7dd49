import { Link } from "react-router";
import { useSiteContent } from "../../lib/site-content.tsx";

export default function GymInfoPage() {
  const { kontakt, priser } = useSiteContent();
  const gymRoom = priser.gym;
  return (
    <>
      <h2>Eget trimrom i treningslokalet</h2>
      <div className="info-figure">
        <img src="/bilder/trimrom.svg" width={480} height={300} alt="" decoding="async" />
      </div>
      <p className="lead">
        I treningslokalet i {kontakt.hall.street} har klubben sitt eget trimrom. Det er ikke bare for utøverne – foreldre kan også bli medlemmer.
      </p>
      <p>
        Trimrommet passer fint for deg som vil bygge styrke og kondisjon ved siden av taekwondotreningen, eller som vil bruke ventetiden mens barna
        trener til en økt selv.
      </p>
      <h3 className="clear">Tren når det passer deg</h3>
      <p>Som medlem får du en nøkkelbrikke, så du kan bruke trimrommet også utenom treningstidene. Aldersgrensen er {gymRoom.minAge} år.</p>
      <p className="button-row">
        <Link className="button" to="/trimrom/priser">
          Se prisene
        </Link>
        <Link className="button secondary" to="/kontakt">
          Kontakt oss
        </Link>
      </p>
    </>
  );
}
