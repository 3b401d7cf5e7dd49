import type { MouseEvent } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { navigationItems } from "../../shared/site/site-pages.ts";
import { club } from "../../shared/club/club-facts.ts";
import { ClubEmblem } from "../components/ClubEmblem.tsx";

export function TopBar() {
  const location = useLocation();
  const navigate = useNavigate();
  const menuOpen = location.pathname === "/menu";

  // Closing the menu goes back to the page it was opened from; a menu opened directly goes home (the href).
  // Static pages do the same in lib/page-script.ts via data-action="menu-back".
  function closeMenu(event: MouseEvent) {
    if (location.key === "default") return;
    event.preventDefault();
    navigate(-1);
  }

  return (
    <header className="top-bar">
      <div className="top-bar-inner">
        <Link to="/" className="brand">
          <ClubEmblem className="brand-emblem" />
          <span className="brand-name">{club.name}</span>
        </Link>
        <nav aria-label="Hovedmeny" className="main-nav">
          <ul>
            {navigationItems.map((item) => {
              const active = location.pathname.startsWith(item.section);
              return (
                <li key={item.link}>
                  <Link to={item.link} className={active ? "active" : undefined} aria-current={active ? "page" : undefined}>
                    {item.name}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <Link
          to={menuOpen ? "/" : "/menu"}
          className="hamburger"
          aria-label={menuOpen ? "Lukk menyen" : "Åpne menyen"}
          aria-expanded={menuOpen}
          data-action={menuOpen ? "menu-back" : undefined}
          onClick={menuOpen ? closeMenu : undefined}
        >
          <span aria-hidden="true" className={menuOpen ? "hamburger-icon open" : "hamburger-icon"} />
        </Link>
      </div>
    </header>
  );
}
