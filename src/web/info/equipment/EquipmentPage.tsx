import { Link } from "react-router";
import { useSiteContent } from "../../lib/site-content.tsx";
import { ExternalLink } from "../../components/ExternalLink.tsx";
import { RandomPick } from "../../lib/random-pick.tsx";
import "../info-section.css";
import "./equipment.css";

const gear = [
  { file: "utstyr-1.svg", alt: "Tegning av en svart treningsjakke med røde striper og klubblogoen på brystet." },
  { file: "utstyr-2.svg", alt: "Tegning av svarte treningsbukser med røde striper langs sidene." },
  { file: "utstyr-3.svg", alt: "Tegning av en hvit t-skjorte med klubblogoen og teksten SKI TKD." },
  { file: "utstyr-4.svg", alt: "Tegning av en svart treningsbag med klubblogoen." },
];

export default function EquipmentPage() {
  const shops = useSiteContent().utstyr;
  const { clubShop } = shops;
  return (
    <div className="page info-section">
      <h1>Utstyr</h1>
      <RandomPick name="gear" className="info-figure">
        {gear.map((item) => (
          <img key={item.file} src={`/bilder/${item.file}`} width={400} height={400} alt={item.alt} decoding="async" />
        ))}
      </RandomPick>
      <p className="lead">
        Til de første treningene holder det med vanlige treningsklær. Etter hvert trenger du en dobok, og mange liker også å trene og reise i klubbens
        egne klær.
      </p>

      <h2>Klubbtøy fra {clubShop.name}</h2>
      <p>
        Treningsdresser og t-skjorter med klubblogoen bestiller du i klubbens egen nettbutikk hos {clubShop.name}. Du kan også få navnet ditt trykt på
        plagget om du vil.{clubShop.discountCode ? " Bruk rabattkoden i kassen:" : ""}
      </p>
      {clubShop.discountCode && (
        <p className="discount-code">
          <span className="discount-label">Rabattkode</span>
          <strong className="code">{clubShop.discountCode}</strong>
        </p>
      )}
      <p>Spørsmål om bestilling, størrelser og levering svarer butikken på.</p>
      <p className="button-row">
        <ExternalLink className="button" href={clubShop.url}>
          Til klubbshopen hos {clubShop.name}
        </ExternalLink>
      </p>

      <h2 className="clear">Klubbkiosken</h2>
      <p>
        Dobok, belter, merker og <Link to="/teori/informasjon">teoribøker</Link> selger klubben selv. Betal med Vipps til klubbens nummer, og hent
        varene hos en av instruktørene på trening.
      </p>
      <p className="discount-code">
        <span className="discount-label">Vipps-nummer</span>
        <strong className="code">{shops.kioskVippsNumber}</strong>
      </p>
      <p>Skriv gjerne hva du kjøper og navnet på utøveren i meldingen, så vet instruktøren hva du skal ha.</p>

      <h2>Andre butikker</h2>
      <p>Taekwondoutstyr får du også kjøpt her:</p>
      <ul className="shop-list">
        {shops.others.map((shop, index) => (
          <li key={`${shop.url}-${index}`}>
            <ExternalLink href={shop.url}>{shop.name}</ExternalLink>
          </li>
        ))}
      </ul>
      <p className="notice">
        Ikke alle doboker som selges der, er godkjent til graderinger i TTU. Spør en instruktør før du kjøper, så du er sikker på at du får riktig
        drakt.
      </p>
    </div>
  );
}
