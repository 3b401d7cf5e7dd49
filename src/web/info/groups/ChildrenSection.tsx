import { InfoSection } from "../InfoSection.tsx";
import { groupSections, groupTabs } from "./group-sections.ts";

export default function ChildrenSection() {
  return <InfoSection title={groupSections.barn.title} tabsLabel="Om barnepartiet" tabs={groupTabs("barn")} />;
}
