import { useState } from "react";
import type { Route } from "./+types/ParticipantsPage";
import { club } from "../../../shared/club/club-facts.ts";
import { campYearOfMatches, useCampYear } from "../../lib/camp-edition.tsx";
import { GradeStatistics } from "./GradeChart.tsx";
import { ParticipantSearch } from "./ParticipantSearch.tsx";
import { Tabs } from "./Tabs.tsx";
import "./participants.css";

/**
 * Rendered in the browser: the server sends the root's loading view (HydrateFallback) with the page's
 * title, and the page renders itself once it has hydrated.
 */
export async function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

export function meta({ matches }: Route.MetaArgs) {
  const year = campYearOfMatches(matches);
  const title = `Deltakere på vinterleiren ${year} – ${club.name}`;
  return [
    { title },
    {
      name: "description",
      content: `Hvem som er påmeldt vinterleiren ${year}, og hvor mange som kommer av hver beltegrad.`,
    },
    { property: "og:title", content: title },
    { property: "og:locale", content: "nb_NO" },
  ];
}

const tabs = [
  { id: "search", label: "Søk", content: <ParticipantSearch /> },
  { id: "grades", label: "Beltegrader", content: <GradeStatistics /> },
];

/** Public participant list with belt statistics (spec §2, D6). */
export default function ParticipantsPage() {
  const [tab, setTab] = useState("search");
  const year = useCampYear();
  return (
    <div className="page participants-page">
      <h1>Deltakere på vinterleiren {year}</h1>
      <Tabs label="Deltakere" tabs={tabs} selected={tab} onSelect={setTab} />
    </div>
  );
}
