import { MembershipTerms } from "./MembershipTerms.tsx";
import { PriceList } from "./PriceList.tsx";
import { useSiteContent } from "../../lib/site-content.tsx";

export default function YouthAdultPricesPage() {
  const membershipPrices = useSiteContent().priser.membership;
  return (
    <>
      <h2>Priser</h2>
      <PriceList
        label="Treningsavgift for ungdom/voksenpartiet"
        items={[
          { label: "Ungdom", amount: membershipPrices.youth.perMonth, per: "per måned" },
          { label: "Voksen", amount: membershipPrices.adult.perMonth, per: "per måned" },
        ]}
      />
      <MembershipTerms />
    </>
  );
}
