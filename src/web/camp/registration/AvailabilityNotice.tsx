import type { ReactNode } from "react";
import { formatOsloDateTime } from "../../../shared/format.ts";
import type { Availability } from "./current-edition-api.ts";

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

/** The state of registration in words: before the window, after it, full, or open with places left. */
export function AvailabilityNotice({ availability }: { availability: Availability }) {
  switch (availability.state) {
    case "notyet":
      return (
        <Notice>
          <strong>Påmeldingen åpner {formatOsloDateTime(new Date(availability.opensAt), { now: new Date(), year: availability.campYear })}.</strong>{" "}
          Du kan lese om leiren nå og melde deg på når påmeldingen har åpnet.
        </Notice>
      );
    case "closed":
      return (
        <Notice>
          <strong>Påmeldingen er stengt.</strong>
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
      return availability.placesLeft === null ? null : (
        <p className="availability places-left" role="status">
          <strong>{placesLeftText(availability.placesLeft)}</strong>
        </p>
      );
  }
}
