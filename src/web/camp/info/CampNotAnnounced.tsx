import { campWhenSentence } from "../../../shared/camp/camp-moment-texts.ts";
import { usePastCamp } from "../../lib/camp-edition.tsx";
import { useNow } from "../../lib/use-now.ts";

/**
 * What the camp pages say between camps: the last one in the past tense («Vinterleiren 2026 var …»), and
 * that the club has not announced the next.
 */
export function CampNotAnnounced() {
  const past = usePastCamp();
  const now = useNow();
  return (
    <div className="notice" data-testid="camp-not-announced">
      {past && <p data-testid="camp-past">{campWhenSentence(past, "past", now)} Takk til alle som var med!</p>}
      <p>
        <strong>Neste vinterleir er ikke kunngjort ennå.</strong> Når datoene er bestemt, finner du program, priser og påmelding her.
      </p>
    </div>
  );
}
