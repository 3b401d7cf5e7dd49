import { NavLink } from "react-router";

export interface Tab {
  label: string;
  to: string;
}

/** Sub-page tabs of a section ("sub-tabs" in docs/requirements.md §2); the active one is highlighted. */
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
