import { NavLink } from "react-router";

export interface Tab {
  label: string;
  to: string;
}

/** Sub-page tabs of a section (the spec's "sub-tabs"); the active one is highlighted. */
export function SectionTabs({ label, tabs }: { label: string; tabs: Tab[] }) {
  return (
    <nav className="section-tabs" aria-label={label}>
      <ul>
        {tabs.map((tab) => (
          <li key={tab.to}>
            <NavLink to={tab.to} end>
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
