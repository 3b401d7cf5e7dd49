import { Link, NavLink, useLocation, useNavigate } from "react-router";
import { navigationItems } from "../../shared/site/site-pages.ts";
import { club } from "../../shared/club/club-facts.ts";
import { ClubEmblem } from "../components/ClubEmblem.tsx";

export function TopBar() {
  const location = useLocation();
  const navigate = useNavigate();
  const menuOpen = location.pathname === "/menu";

  function toggleMenu() {
    if (!menuOpen) navigate("/menu");
    // Back to the page the menu was opened from; a menu opened directly has nowhere to go back to.
    else if (location.key !== "default") navigate(-1);
    else navigate("/");
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
            {navigationItems.map((item) => (
              <li key={item.link}>
                <NavLink
                  to={item.link}
                  className={location.pathname.startsWith(item.section) ? "active" : undefined}
                  aria-current={location.pathname.startsWith(item.section) ? "page" : undefined}
                >
                  {item.name}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <button
          type="button"
          className="hamburger"
          aria-label={menuOpen ? "Lukk menyen" : "Åpne menyen"}
          aria-expanded={menuOpen}
          onClick={toggleMenu}
        >
          <span aria-hidden="true" className={menuOpen ? "hamburger-icon open" : "hamburger-icon"} />
        </button>
      </div>
    </header>
  );
}
