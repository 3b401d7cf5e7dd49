import type { ComponentType } from "react";
import type { SiteContent, SiteSectionName } from "../../../shared/site/site-content.ts";
import { noticeShownAt } from "../../../shared/site/site-notice.ts";
import { SiteContentProvider } from "../../lib/site-content.tsx";
import ContactPage from "../contact/ContactPage.tsx";
import EquipmentPage from "../equipment/EquipmentPage.tsx";
import ChildrenPricesPage from "../groups/ChildrenPricesPage.tsx";
import YouthAdultPricesPage from "../groups/YouthAdultPricesPage.tsx";
import GymPricesPage from "../gym/GymPricesPage.tsx";
import HomePage from "../home/HomePage.tsx";
import TrainingTimesPage from "../home/TrainingTimesPage.tsx";
import SponsorsPage from "../sponsors/SponsorsPage.tsx";
import { SiteFooter } from "../../layout/SiteFooter.tsx";

/** The pages a section shows on, as the visitors will see them: the pages' own components. */
const previews: Record<SiteSectionName, { title: string; Page: ComponentType }[]> = {
  treningstider: [{ title: "Treningstider", Page: TrainingTimesPage }],
  priser: [
    { title: "Priser for barnepartiet", Page: ChildrenPricesPage },
    { title: "Priser for ungdom/voksenpartiet", Page: YouthAdultPricesPage },
    { title: "Priser for trimrommet", Page: GymPricesPage },
  ],
  kontakt: [
    { title: "Kontakt", Page: ContactPage },
    { title: "Bunnen av hver side", Page: SiteFooter },
  ],
  samarbeidspartnere: [{ title: "Samarbeidspartnere", Page: SponsorsPage }],
  utstyr: [{ title: "Utstyr", Page: EquipmentPage }],
  forside: [{ title: "Forsiden", Page: HomePage }],
  nyheter: [{ title: "Forsiden", Page: HomePage }],
};

/**
 * A preview of the unsaved section, rendered by the pages themselves with the draft in place of the stored
 * facts. The notice is shown as it will be on the days it is shown (the live page hides it after its day).
 */
export function SectionPreview({ section, content }: { section: SiteSectionName; content: SiteContent }) {
  const shown = { ...content, forside: { notice: content.forside.notice ?? noticeShownAt(content.forside, new Date()) } };
  return (
    <div className="site-preview" role="region" aria-label="Forhåndsvisning">
      <p className="site-preview-label">Forhåndsvisning – ikke lagret</p>
      <SiteContentProvider content={shown}>
        {previews[section].map(({ title, Page }) => (
          <div key={title} className="site-preview-page" inert>
            <p className="site-preview-title">{title}</p>
            <Page />
          </div>
        ))}
      </SiteContentProvider>
    </div>
  );
}
