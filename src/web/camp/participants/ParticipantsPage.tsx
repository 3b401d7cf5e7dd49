import { useState } from "react";
import type { AppLoadContext } from "react-router";
import type { Route } from "./+types/ParticipantsPage";
import { getGradeStatistics, getPublicParticipants } from "./participants-api.ts";
import { pageData } from "../../lib/page-api.ts";
import { club } from "../../../shared/club/club-facts.ts";
import { campYearOfMatches, useCampYear } from "../../lib/camp-edition.tsx";
import { GradeStatistics } from "./GradeChart.tsx";
import { ParticipantSearch } from "./ParticipantSearch.tsx";
import { Tabs } from "./Tabs.tsx";
import "./participants.css";

/**
 * The list arrives in the HTML: the server renders it from the public participant list and the belt
 * statistics (the same API answers the browser gets, so the same privacy rules; lib/page-api.ts).
 */
async function readLists(context?: AppLoadContext) {
  const [participants, grades] = await Promise.all([pageData(getPublicParticipants, context), pageData(getGradeStatistics, context)]);
  return { participants, grades };
}

export const loader = ({ context }: Route.LoaderArgs) => readLists(context);

export const clientLoader = () => readLists();

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

/** Public participant list with belt statistics (docs/requirements.md §2, D6). */
export default function ParticipantsPage({ loaderData }: Partial<Pick<Route.ComponentProps, "loaderData">>) {
  const [tab, setTab] = useState("search");
  const tabs = [
    { id: "search", label: "Søk", content: <ParticipantSearch initial={loaderData?.participants} /> },
    { id: "grades", label: "Beltegrader", content: <GradeStatistics initial={loaderData?.grades} /> },
  ];
  const year = useCampYear();
  return (
    <div className="page participants-page">
      <h1>Deltakere på vinterleiren {year}</h1>
      <Tabs label="Deltakere" tabs={tabs} selected={tab} onSelect={setTab} />
    </div>
  );
}
