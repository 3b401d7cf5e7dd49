import { Link } from "react-router";

/** The camp pages' two ways on: register, or see who is coming. */
export function CampActions() {
  return (
    <div className="button-row">
      <Link className="button" to="/vinterleir/registrering">
        Meld deg på
      </Link>
      <Link className="button secondary" to="/vinterleir/deltakere">
        Se hvem som er påmeldt
      </Link>
    </div>
  );
}
