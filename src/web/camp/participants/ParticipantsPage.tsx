import { useState } from "react";
import type { Route } from "./+types/ParticipantsPage";
import { club } from "../../../shared/club/club-facts.ts";
import { campEdition } from "../../lib/camp-edition.tsx";
import { GradeStatistics } from "./GradeChart.tsx";
import { ParticipantSearch } from "./ParticipantSearch.tsx";
import { Tabs } from "./Tabs.tsx";
import "./participants.css";

export function meta(_: Route.MetaArgs) {
  const title = `Deltakere på vinterleiren ${campEdition.year} – ${club.name}`;
  return [
    { title },
    {
      name: "description",
      content: `Hvem som er påmeldt vinterleiren ${campEdition.year}, og hvor mange som kommer av hver beltegrad.`,
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
  return (
    <div className="page participants-page">
      <h1>Deltakere på vinterleiren {campEdition.year}</h1>
      <Tabs label="Deltakere" tabs={tabs} selected={tab} onSelect={setTab} />
    </div>
  );
}
