import type { ReactNode } from "react";
import { Link } from "react-router";
import { laterCampOpen } from "../../../shared/site/render-context.ts";
import { laterCampOpensText, laterCampRegistrationPath, useLaterCamps } from "../info/LaterCampNotice.tsx";
import { formatOsloDateTime } from "../../../shared/format.ts";
import { payAtDoorSentence } from "../../../shared/camp/camp-moment-texts.ts";
import { useNow } from "../../lib/use-now.ts";
import { duringCamp, type Availability } from "./current-edition-api.ts";

/** Whether the wizard can send a registration (or a place on the waiting list) now. */
export const takesRegistrations = (availability: Availability) => availability.state === "open" || availability.state === "full";

function placesLeftText(placesLeft: number): string {
  return placesLeft === 1 ? "1 plass igjen" : `${placesLeft} plasser igjen`;
}

/** A highlighted sentence about registration, read out when it appears. */
export function Notice({ children }: { children: ReactNode }) {
  return (
    <div className="notice availability" role="status">
      <p>{children}</p>
    </div>
  );
}

/** After the camp: it is over, and next year's camp (when the club has published it) or that it will be announced. */
function CampOverNotice({ year }: { year: string }) {
  const now = useNow();
  const next = useLaterCamps()[0];
  return (
    <Notice>
      <strong>Vinterleiren{year} er over.</strong>{" "}
      {next ? (
        <>
          Vinterleiren {next.year} er kunngjort.{" "}
          <Link to={laterCampRegistrationPath(next.year)}>
            {laterCampOpen(next, now) ? `Meld deg på vinterleiren ${next.year}` : `Påmeldingen åpner ${laterCampOpensText(next, now)}`}
          </Link>
          .
        </>
      ) : (
        "Neste vinterleir er ikke kunngjort ennå."
      )}
    </Notice>
  );
}

/**
 * The state of registration in words: before the window, after it (because the camp has started, or the
 * camp is under way and takes late registrations paid at the door), full, or open with places left.
 */
export function AvailabilityNotice({ availability }: { availability: Availability }) {
  const now = useNow();
  const running = duringCamp(availability);
  const year = availability.campYear === undefined ? "" : ` ${availability.campYear}`;
  switch (availability.state) {
    case "notyet":
      return (
        <Notice>
          <strong>Påmeldingen åpner {formatOsloDateTime(new Date(availability.opensAt), { now, year: availability.campYear })}.</strong> Du kan lese
          om leiren nå og melde deg på når påmeldingen har åpnet.
        </Notice>
      );
    case "closed":
      if (availability.phase === "past") return <CampOverNotice year={year} />;
      return (
        <Notice>
          {running ? <strong>Vinterleiren{year} pågår, og påmeldingen stengte da leiren startet.</strong> : <strong>Påmeldingen er stengt.</strong>}
        </Notice>
      );
    case "full":
      return (
        <Notice>
          <strong>Vinterleiren er full.</strong> Du kan likevel fylle ut påmeldingen og sette deg på venteliste. Du betaler ingenting nå. Blir en
          plass ledig, får du en e-post med en lenke der du kan bekrefte plassen.
        </Notice>
      );
    case "open":
      return (
        <>
          {running && (
            <Notice>
              <strong>Vinterleiren{year} pågår nå.</strong> {payAtDoorSentence}
            </Notice>
          )}
          {availability.placesLeft !== null && (
            <p className="availability places-left" role="status">
              <strong>{placesLeftText(availability.placesLeft)}</strong>
            </p>
          )}
        </>
      );
  }
}
