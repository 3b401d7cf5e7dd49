import { membershipPrices } from "../../../shared/club/club-facts.ts";
import { MembershipTerms } from "./MembershipTerms.tsx";
import { PriceList } from "./PriceList.tsx";

export default function YouthAdultPricesPage() {
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
