import { Link } from "react-router";
import { club } from "../../../shared/club/club-facts.ts";
import { formatKroner } from "../../../shared/format.ts";
import { RandomPick } from "../../lib/random-pick.tsx";
import { ContactEmailLink } from "../../components/ContactEmailLink.tsx";
import { useSiteContent } from "../../lib/site-content.tsx";

const books = [
  { file: "teoribok-1.svg", title: "Gibon" },
  { file: "teoribok-2.svg", title: "Poomse" },
  { file: "teoribok-3.svg", title: "Kyorugi" },
];

export default function TheoryInfoPage() {
  const membershipPrices = useSiteContent().priser.membership;
  return (
    <>
      <h2>Hvorfor teori?</h2>
      <RandomPick name="book" className="info-figure">
        {books.map((book) => (
          <img
            key={book.file}
            src={`/bilder/${book.file}`}
            width={320}
            height={400}
            alt={`Tegning av en teoribok i taekwondo med tittelen «${book.title}».`}
            decoding="async"
          />
        ))}
      </RandomPick>
      <p className="lead">
        Taekwondo læres først og fremst på matta, men teorien gir treningen mening. Når du vet hva en teknikk heter og hvorfor den gjøres slik, husker
        du den bedre.
      </p>
      <p>
        På trening gir instruktøren kommandoer på koreansk, og teknikkene har koreanske navn. Teorien hjelper deg å forstå hva som blir sagt, og den
        forteller om historien og tankene bak kampkunsten – om respekt, selvkontroll og balansen mellom kropp og sinn. Til hver gradering hører det
        også med litt teori, og jo høyere belte, desto mer forventes det at du kan.
      </p>
      <p>
        Her finner du en innføring i det koreanske flagget, <Link to="/teori/taegeukgi">taegeukgi</Link>, og symbolikken bak poomsae, de koreanske
        navnene på <Link to="/teori/mom">kroppens treffpunkter</Link> og <Link to="/teori/pensum">pensum</Link> til gradering.
      </p>

      <h3 className="clear">Teoribøkene</h3>
      <p>
        Klubben selger tre teoribøker skrevet av {club.union.founder}, grunnleggeren av TTU. Bøkene forklarer teknikker, koreanske begreper og tankene
        bak taekwondo. De er frivillige, men et godt oppslagsverk for alle som vil lære mer – og nyttige når du forbereder deg til gradering.
      </p>
      <ul className="price-list">
        <li>
          <span>Teoribok, per bok</span>
          <span className="amount">{formatKroner(membershipPrices.theoryBook)}</span>
        </li>
      </ul>
      <p>
        Bøkene kan du kjøpe gjennom en av instruktørene på trening, eller ved å sende en e-post til <ContactEmailLink />. De selges også i{" "}
        <Link to="/utstyr">klubbkiosken</Link>.
      </p>
    </>
  );
}
