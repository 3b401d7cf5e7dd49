import { ExternalLink } from "../../components/ExternalLink.tsx";

const levels = [
  { term: "Eolgul", meaning: "Ansiktet – det øvre nivået, fra haken og opp" },
  { term: "Momtong", meaning: "Overkroppen – det midtre nivået, mellom skuldrene og beltet" },
  { term: "Arae", meaning: "Det nedre nivået, under beltet" },
];

const parts = [
  { term: "Meori", meaning: "hode" },
  { term: "Mok", meaning: "hals, nakke" },
  { term: "Eokkae", meaning: "skulder" },
  { term: "Gaseum", meaning: "bryst" },
  { term: "Bae", meaning: "mage" },
  { term: "Pal", meaning: "arm" },
  { term: "Son", meaning: "hånd" },
  { term: "Dari", meaning: "bein" },
  { term: "Mureup", meaning: "kne" },
  { term: "Bal", meaning: "fot" },
];

export default function MomPage() {
  return (
    <>
      <h2>Mom – kroppen</h2>
      <p className="lead">
        Mom er koreansk for kropp. I taekwondo har hver del av kroppen sitt eget navn, og instruktøren bruker dem når en teknikk skal treffe et
        bestemt sted.
      </p>
      <p>
        Slag, spark og blokker rettes mot tre nivåer: eolgul (ansiktet), momtong (overkroppen) og arae (under beltet). Et slag mot overkroppen heter
        derfor momtong jireugi, og en blokk mot det nedre nivået heter arae makki. Kan du navnene på bildet, forstår du mange av kommandoene på
        trening.
      </p>
      <figure className="figure mom-figure">
        <ExternalLink href="/bilder/mom-kroppen.svg">
          <img
            src="/bilder/mom-kroppen.svg"
            width={720}
            height={760}
            alt="Tegning av en utøver i dobok der treffpunktene er merket med koreanske navn, fra meori (hode) til bal (fot)."
            decoding="async"
          />
        </ExternalLink>
        <figcaption>Trykk på bildet for å se det i full størrelse.</figcaption>
      </figure>

      <h3>De tre nivåene</h3>
      <TermTable terms={levels} />

      <h3>Deler av kroppen</h3>
      <TermTable terms={parts} />
    </>
  );
}

/** Korean terms with their meaning; the term is the row's header and marked as Korean for screen readers. */
function TermTable({ terms }: { terms: { term: string; meaning: string }[] }) {
  return (
    <table className="data terms">
      <thead>
        <tr>
          <th scope="col">Koreansk</th>
          <th scope="col">Norsk</th>
        </tr>
      </thead>
      <tbody>
        {terms.map((t) => (
          <tr key={t.term}>
            <th scope="row" lang="ko">
              {t.term}
            </th>
            <td>{t.meaning}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
