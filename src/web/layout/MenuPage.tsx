import { Link } from "react-router";
import { navigationItems } from "../../shared/site/site-pages.ts";

/** The mobile menu, reached with the hamburger. */
export default function MenuPage() {
  return (
    <div className="page menu-page">
      <h1 className="visually-hidden">Meny</h1>
      <nav aria-label="Meny">
        <ul className="menu-list">
          <li>
            <Link to="/">Forsiden</Link>
          </li>
          {navigationItems.map((item) => (
            <li key={item.link}>
              <Link to={item.link}>{item.name}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
