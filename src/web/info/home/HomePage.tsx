import { Link } from "react-router";
import { club } from "../../../shared/club/club-facts.ts";
import { useAnnouncedCamp } from "../../lib/camp-edition.tsx";
import { RandomPick } from "../../lib/random-pick.tsx";
import { useSiteContent } from "../../lib/site-content.tsx";
import { NewsList } from "../../components/NewsList.tsx";
import "./home.css";

// One class per picture (home.css): a CSS background is only fetched for the picture that is shown.
const pictures = [1, 2, 3, 4, 5] as const;

export default function HomePage() {
  const camp = useAnnouncedCamp();
  const { forside, nyheter } = useSiteContent();
  return (
    <>
      <div className="home">
        <RandomPick name="bg" className="home-bg">
          {pictures.map((n) => (
            <div key={n} className={`home-bg-${n}`}>
              <div className="home-pic" />
            </div>
          ))}
        </RandomPick>
        <div className="home-panel">
          {forside.notice && (
            <p className="notice home-notice" role="note">
              {forside.notice.text}
            </p>
          )}
          <h1 className="home-title">{club.name}</h1>
          <RandomPick name="headline" className="home-headline">
            <p>Hånd, fot og veien å gå</p>
            <p>Lær å forsvare deg selv</p>
            <p>Kontroll over egen kropp</p>
          </RandomPick>
          <p className="home-intro">
            En av Norges eldste taekwondoklubber – i Ski siden {club.founded}. Vi har trening for barn, ungdom og voksne, og du er velkommen på en
            gratis prøvetime.
          </p>
          <ul className="home-actions">
            <li>
              <Link className="button secondary" to="/om/oss">
                Les mer
              </Link>
            </li>
            <li>
              <Link className="button secondary" to="/treningstider">
                Treningstider
              </Link>
            </li>
            <li>
              <Link className="button secondary" to="/arrangementer">
                {camp ? `Vinterleir ${camp.year}` : "Arrangementer"}
              </Link>
            </li>
            <li>
              <Link className="button" to="/nyttmedlem">
                Meld interesse
              </Link>
            </li>
          </ul>
        </div>
      </div>
      {nyheter.posts.length > 0 && (
        <section className="page home-news" aria-labelledby="nyheter-heading">
          <h2 id="nyheter-heading">Nyheter</h2>
          <NewsList posts={nyheter.posts} limit={3} />
          <p>
            <Link to="/arrangementer">Alle nyheter og arrangementer</Link>
          </p>
        </section>
      )}
    </>
  );
}
