import { InfoSection } from "../InfoSection.tsx";
import { groupSections, groupTabs } from "./group-sections.ts";

export default function YouthAdultSection() {
  return <InfoSection title={groupSections.ungdomvoksen.title} tabsLabel="Om ungdom/voksenpartiet" tabs={groupTabs("ungdomvoksen")} />;
}
