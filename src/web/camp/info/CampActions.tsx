import { Link } from "react-router";
import { useCampMoment } from "../../lib/camp-edition.tsx";

/**
 * The camp pages' two ways on: register (while registration is open, also while the camp is under way when
 * the edition allows it), and see who is coming.
 */
export function CampActions() {
  const moment = useCampMoment();
  const open = moment?.registration === "open" && moment.phase !== "past";
  return (
    <div className="button-row">
      {open && (
        <Link className="button" to="/vinterleir/registrering">
          Meld deg på
        </Link>
      )}
      <Link className={open ? "button secondary" : "button"} to="/vinterleir/deltakere">
        Se hvem som er påmeldt
      </Link>
    </div>
  );
}
