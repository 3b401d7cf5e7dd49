import { campWhenSentence, registrationNowSentence } from "../../../shared/camp/camp-moment-texts.ts";
import { useAnnouncedCamp, useCampMoment } from "../../lib/camp-edition.tsx";
import { useNow } from "../../lib/use-now.ts";

/**
 * The camp pages' word on where the camp stands when it is more than «meld deg på»: under way («pågår»,
 * and what registering now means), or registration not open (when it opens) or closed. Nothing otherwise.
 */
export function CampMomentNotice() {
  const edition = useAnnouncedCamp();
  const moment = useCampMoment();
  const now = useNow();
  if (!edition || !moment) return null;
  const registration = registrationNowSentence(edition, moment, now);
  if (moment.phase !== "running" && !registration) return null;
  return (
    <div className="notice camp-moment" data-testid={moment.phase === "running" ? "camp-running" : "camp-registration"}>
      <p>
        {moment.phase === "running" ? (
          <>
            <strong>{campWhenSentence(edition, "running", now)}</strong> {registration}
          </>
        ) : (
          <strong>{registration}</strong>
        )}
      </p>
    </div>
  );
}
