import { MembershipTerms } from "./MembershipTerms.tsx";
import { PriceList } from "./PriceList.tsx";
import { useSiteContent } from "../../lib/site-content.tsx";

export default function ChildrenPricesPage() {
  const membershipPrices = useSiteContent().priser.membership;
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
