import { Link } from "react-router";
import { myRegistrationPath } from "../../../shared/camp/camp-my-registration.ts";
import { cancellationTermsAt } from "../../../shared/camp/cancellation-terms.ts";
import type { CampEdition } from "../../../shared/camp/camp-edition.ts";
import { useNow } from "../../lib/use-now.ts";

/**
 * The cancellation and refund terms as the rule states them (the same sentences as the terms PDF and the
 * mails), as of the page's render: a deadline that has passed is told as passed.
 */
export function CancellationTerms({ edition }: { edition: CampEdition }) {
  const now = useNow();
  return (
    <>
      {cancellationTermsAt(edition, now).map((sentence) => (
        <p key={sentence}>{sentence}</p>
      ))}
      <p>
        Har du mistet lenken? <Link to={myRegistrationPath}>Få lenken til «Min påmelding» på nytt</Link>.
      </p>
    </>
  );
}
