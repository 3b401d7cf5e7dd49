import { Link } from "react-router";
import { myRegistrationPath } from "../../../shared/camp/camp-my-registration.ts";
import { cancellationTerms } from "../../../shared/camp/cancellation-terms.ts";
import type { CampEdition } from "../../../shared/camp/camp-edition.ts";

/** The cancellation and refund terms as the rule states them (the same sentences as the terms PDF and the mails). */
export function CancellationTerms({ edition }: { edition: CampEdition }) {
  return (
    <>
      {cancellationTerms(edition).map((sentence) => (
        <p key={sentence}>{sentence}</p>
      ))}
      <p>
        Har du mistet lenken? <Link to={myRegistrationPath}>Få lenken til «Min påmelding» på nytt</Link>.
      </p>
    </>
  );
}
