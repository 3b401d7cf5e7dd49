import { membershipPrices } from "../../../shared/club/club-facts.ts";
import { MembershipTerms } from "./MembershipTerms.tsx";
import { PriceList } from "./PriceList.tsx";

export default function ChildrenPricesPage() {
  return (
    <>
      <h2>Priser</h2>
      <PriceList
        label="Treningsavgift for barnepartiet"
        items={[
          {
            label: `Barn ${membershipPrices.children.ages}`,
            amount: membershipPrices.children.perMonth,
            per: "per måned",
          },
        ]}
      />
      <MembershipTerms />
    </>
  );
}
