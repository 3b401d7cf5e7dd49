const trigrams = [
  {
    name: "Geon",
    bars: "tre hele streker",
    place: "øverst til venstre",
    nature: "himmel",
    season: "vår",
    direction: "øst",
  },
  {
    name: "Gon",
    bars: "tre brutte streker",
    place: "nederst til høyre",
    nature: "jord",
    season: "sommer",
    direction: "vest",
  },
  {
    name: "Gam",
    bars: "brutt, hel, brutt",
    place: "øverst til høyre",
    nature: "vann",
    season: "vinter",
    direction: "nord",
  },
  {
    name: "Ri",
    bars: "hel, brutt, hel",
    place: "nederst til venstre",
    nature: "ild",
    season: "høst",
    direction: "sør",
  },
];

/** Each taegeuk poomsae is built on one of the eight palgwe, in this order. */
const palgwe = [
  { poomsae: "Taegeuk il jang", gwe: "Geon", meaning: "himmel" },
  { poomsae: "Taegeuk i jang", gwe: "Tae", meaning: "innsjø, glede" },
  { poomsae: "Taegeuk sam jang", gwe: "Ri", meaning: "ild, sol" },
  { poomsae: "Taegeuk sa jang", gwe: "Jin", meaning: "torden" },
  { poomsae: "Taegeuk o jang", gwe: "Seon", meaning: "vind" },
  { poomsae: "Taegeuk yuk jang", gwe: "Gam", meaning: "vann" },
  { poomsae: "Taegeuk chil jang", gwe: "Gan", meaning: "fjell" },
  { poomsae: "Taegeuk pal jang", gwe: "Gon", meaning: "jord" },
];

export default function TaegeukgiPage() {
  return (
    <>
      <h2>Taegeukgi – Koreas flagg</h2>
      <p className="lead">
        Taekwondo kommer fra Korea, og det koreanske flagget henger i mange treningslokaler. Navnet taegeukgi betyr «taegeuk-flagget», og hver del av
        det har en betydning.
      </p>
      <figure className="figure flag-figure">
        <img
          src="/bilder/taegeukgi.svg"
          width={720}
          height={480}
          alt="Taegeukgi: hvitt flagg med en rød og blå sirkel i midten og et svart tegn av tre streker i hvert hjørne."
          decoding="async"
        />
        <figcaption>Flagget er tegnet i de offisielle målene: bredden er halvannen gang høyden.</figcaption>
      </figure>

      <h3>Den hvite bunnen</h3>
      <p>
        Den hvite fargen står for fred og renhet. Hvitt har lenge vært en viktig farge i Korea, og den minner om et folk som ønsker å leve i fred.
      </p>

      <h3>Taegeuk – um og yang</h3>
      <p>
        Sirkelen i midten er taegeuk, kilden til alt i universet. Den er delt i to like store deler som griper inn i hverandre: den røde øverst er
        yang, den blå nederst er um (på kinesisk yin). Um og yang er motsetninger – lys og mørke, varme og kulde, aktiv og rolig – som ikke kan finnes
        uten hverandre. Sammen holder de hverandre i balanse, og det er nettopp denne balansen taekwondo søker: kraft og mykhet, angrep og forsvar.
      </p>

      <h3>De fire gwe</h3>
      <p>
        I hjørnene står fire trigrammer, gwe, bygd av hele og brutte streker. En hel strek er yang, en brutt strek er um. Hvert trigram står for en
        del av naturen, en årstid og en himmelretning, og trigrammene står alltid overfor sin motsetning: himmel mot jord, vann mot ild.
      </p>
      <table className="data trigrams">
        <thead>
          <tr>
            <th scope="col">Gwe</th>
            <th scope="col">Streker</th>
            <th scope="col">Plass i flagget</th>
            <th scope="col">Står for</th>
          </tr>
        </thead>
        <tbody>
          {trigrams.map((t) => (
            <tr key={t.name}>
              <th scope="row" lang="ko">
                {t.name}
              </th>
              <td>{t.bars}</td>
              <td>{t.place}</td>
              <td>
                {t.nature}, {t.season}, {t.direction}
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <h3>Palgwe og taegeuk-poomsae</h3>
      <p>
        Flagget viser fire av trigrammene. Til sammen finnes det åtte, palgwe, og hver av de åtte taegeuk-poomsae bygger på ett av dem. Mønsteret skal
        uttrykke det trigrammet står for: Il jang er himmelen, der alt begynner, og pal jang er jorden, der alt samles. Kjenner du tanken bak, blir
        det lettere å gi hver poomsae riktig uttrykk.
      </p>
      <table className="data">
        <thead>
          <tr>
            <th scope="col">Poomsae</th>
            <th scope="col">Gwe</th>
            <th scope="col">Betydning</th>
          </tr>
        </thead>
        <tbody>
          {palgwe.map((p) => (
            <tr key={p.poomsae}>
              <th scope="row" lang="ko">
                {p.poomsae}
              </th>
              <td lang="ko">{p.gwe}</td>
              <td>{p.meaning}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
