import { formatKroner } from "../../../shared/format.ts";
import { PriceList } from "../groups/PriceList.tsx";
import { useSiteContent } from "../../lib/site-content.tsx";

export default function GymPricesPage() {
  const gymRoom = useSiteContent().priser.gym;
  return (
    <>
      <h2>Priser</h2>
      <PriceList
        label="Priser for trimrommet"
        items={[
          { label: "Trimrom", amount: gymRoom.perMonth, per: "per måned" },
          { label: "Avgift til Norges Kampsportforbund", amount: gymRoom.federationPerMonth, per: "per måned" },
        ]}
      />
      <h3>Medlemskap og betaling</h3>
      <ul className="fact-list">
        <li>Hver april kommer en årlig avgift til idrettsforbundet på {formatKroner(gymRoom.yearlyFee)}.</li>
        <li>Medlemskapet løper til det sies opp skriftlig.</li>
        <li>Avgiften betales månedlig med AvtaleGiro.</li>
        <li>Aldersgrensen er {gymRoom.minAge} år.</li>
      </ul>
    </>
  );
}
