import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

const sectionIndex = (id: string) => index("components/SectionIndexRedirect.tsx", { id: `${id}-index` });

export default [
  index("info/home/HomePage.tsx"),
  route("treningstider", "info/home/TrainingTimesPage.tsx"),
  route("menu", "layout/MenuPage.tsx"),
  route("om", "info/about/AboutSection.tsx", [
    sectionIndex("om"),
    route("oss", "info/about/AboutUsPage.tsx"),
    route("taekwondo", "info/about/TaekwondoPage.tsx"),
  ]),
  route("barnepartiet", "info/groups/ChildrenSection.tsx", [
    sectionIndex("barnepartiet"),
    route("informasjon", "info/groups/ChildrenInfoPage.tsx"),
    route("treningstider", "info/groups/ChildrenTimesPage.tsx"),
    route("priser", "info/groups/ChildrenPricesPage.tsx"),
  ]),
  route("ungdomvoksenpartiet", "info/groups/YouthAdultSection.tsx", [
    sectionIndex("ungdomvoksenpartiet"),
    route("informasjon", "info/groups/YouthAdultInfoPage.tsx"),
    route("treningstider", "info/groups/YouthAdultTimesPage.tsx"),
    route("priser", "info/groups/YouthAdultPricesPage.tsx"),
  ]),
  route("trimrom", "info/gym/GymSection.tsx", [
    sectionIndex("trimrom"),
    route("informasjon", "info/gym/GymInfoPage.tsx"),
    route("priser", "info/gym/GymPricesPage.tsx"),
  ]),
  route("teori", "info/theory/TheorySection.tsx", [
    sectionIndex("teori"),
    route("informasjon", "info/theory/TheoryInfoPage.tsx"),
    route("taegeukgi", "info/theory/TaegeukgiPage.tsx"),
    route("mom", "info/theory/MomPage.tsx"),
    route("pensum", "info/theory/SyllabusPage.tsx"),
  ]),
  route("samarbeidspartnere", "info/sponsors/SponsorsPage.tsx"),
  route("utstyr", "info/equipment/EquipmentPage.tsx"),
  route("kontakt", "info/contact/ContactPage.tsx"),
  route("personvern", "info/privacy/PrivacyPage.tsx"),
  route("salgsbetingelser", "info/terms/TermsPage.tsx"),
  route("nettsted/admin", "info/admin/SiteAdminPage.tsx"),
  route("arrangementer", "camp/info/EventsPage.tsx"),
  route("arrangementer/admin", "events/EventAdminPage.tsx"),
  route("arrangementer/admin/dor/:slug?", "events/EventDoorPage.tsx"),
  route("arrangementer/venteliste/:token", "events/WaitlistOfferPage.tsx", { id: "event-waitlist-offer" }),
  // An event order's older link address leads to «Min side».
  route("arrangementer/min-pamelding/:token", "family/LegacyLinkRedirect.tsx", { id: "event-link-redirect" }),
  route("arrangementer/:slug", "events/EventPage.tsx"),
  route("vinterleir/print/program", "camp/info/CampProgramPrintPage.tsx"),
  layout("camp/info/CampSection.tsx", [
    route("vinterleir", "camp/info/CampInfoPage.tsx"),
    route("vinterleir/schedule", "camp/info/CampSchedulePage.tsx"),
    route("vinterleir/priser", "camp/info/CampPricesPage.tsx"),
  ]),
  route("vinterleir/registrering/*", "camp/registration/RegistrationPage.tsx"),
  // The camp's offer links already mailed open the one offer page too.
  route("vinterleir/venteliste/:token", "events/WaitlistOfferPage.tsx", { id: "camp-waitlist-offer" }),
  route("vinterleir/min-pamelding", "camp/my-registration/FindMyRegistrationPage.tsx"),
  route("vinterleir/min-pamelding/:token", "family/LegacyLinkRedirect.tsx", { id: "camp-link-redirect" }),
  // «Min side»: the family's season behind any link.
  route("min-side/:token", "family/FamilyPage.tsx"),
  route("vinterleir/deltakere", "camp/participants/ParticipantsPage.tsx"),
  route("vinterleir/deltakere/admin", "camp/admin/CampAdminPage.tsx"),
  route("vinterleir/deltakere/innsjekk", "camp/checkin/CheckInPage.tsx"),
  route("nyttmedlem", "members/NewMemberPage.tsx"),
  route("nyttmedlem/sjekk", "members/NewMemberAdminPage.tsx"),
  route("invoices/*", "invoices/InvoiceAdminPage.tsx"),
  route("vipps/:ordreId?", "camp/payment/VippsResultPage.tsx"),
  route("*", "layout/NotFoundPage.tsx"),
] satisfies RouteConfig;
