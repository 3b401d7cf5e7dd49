import { Fragment } from "react";
import { Outlet } from "react-router";
import { SectionTabs, type Tab } from "../components/SectionTabs.tsx";
import "./info-section.css";

/**
 * The frame of an information section with sub-pages: the section's <h1> (when the section has one name
 * for all its tabs), the tabs and the active tab's page, which starts at <h2>.
 */
export function InfoSection({ title, tabsLabel, tabs }: { title?: string; tabsLabel: string; tabs: Tab[] }) {
  return (
    <div className="page info-section">
      {title && <h1>{breakAfterSlashes(title)}</h1>}
      <SectionTabs label={tabsLabel} tabs={tabs} />
      <Outlet />
    </div>
  );
}

/** "Ungdom/voksenpartiet" is too long for one line on a phone; let it wrap after the slash. */
function breakAfterSlashes(text: string) {
  return text.split("/").map((part, i, parts) => (
    <Fragment key={i}>
      {part}
      {i < parts.length - 1 && (
        <>
          /<wbr />
        </>
      )}
    </Fragment>
  ));
}
