import type { TrainingSession } from "../../../shared/site/site-content.ts";
import type { Tab } from "../../components/SectionTabs.tsx";

/** The two training groups, keyed like `TrainingSession.section`, so timetables can be grouped by them. */
export const groupSections: Record<TrainingSession["section"], { title: string; path: string }> = {
  barn: { title: "Barnepartiet", path: "/barnepartiet" },
  ungdomvoksen: { title: "Ungdom/voksenpartiet", path: "/ungdomvoksenpartiet" },
};

export function groupTabs(section: TrainingSession["section"]): Tab[] {
  const { path } = groupSections[section];
  return [
    { label: "Informasjon", to: `${path}/informasjon` },
    { label: "Treningstider", to: `${path}/treningstider` },
    { label: "Priser", to: `${path}/priser` },
  ];
}
