import { Link } from "react-router";
import { club } from "../../../shared/club/club-facts.ts";
import { siteCookies, tabStorage } from "../../../shared/site/site-cookies.ts";
import { ExternalLink } from "../../components/ExternalLink.tsx";
import { usePrivacyFacts, useClubContact } from "../../lib/site-content.tsx";
import "../info-section.css";

const DAY = 24 * 60 * 60;

function count(amount: number, one: string, many: string): string {
  return `${amount} ${amount === 1 ? one : many}`;
}

/** A cookie's lifetime in words: "1 dag", "3 dager". */
function lifetime(seconds: number): string {
  return seconds % DAY === 0 ? count(seconds / DAY, "dag", "dager") : count(Math.round(seconds / 3600), "time", "timer");
}

/**
 * The privacy statement (GDPR art. 13) in plain words: who is responsible, what is collected and why, on
 * which legal basis, how long it is kept (the server's own settings), who receives it, the cookies (from
 * the one list the code sets them from) and the visitor's rights, including the complaint to Datatilsynet.
 */
export default function PrivacyPage() {
  const { retention, processors } = usePrivacyFacts();
  const contact = useClubContact();
  const mail = <a href={`mailto:${contact.general}`}>{contact.general}</a>;
  return (
    <div className="page info-section">
      <h1>Personvern</h1>
      <p className="lead">
        Her står hvilke opplysninger {club.name} samler inn på nettstedet, hva vi bruker dem til, hvor lenge vi tar vare på dem og hvilke rettigheter
        du har. Er du under 18 år, kan du gjerne lese dette sammen med en voksen.
      </p>

      <h2>Hvem har ansvaret?</h2>
      <p>
        {club.name} (organisasjonsnummer {club.orgNumber}) er behandlingsansvarlig. Det betyr at klubben bestemmer hva opplysningene brukes til, og
        har ansvaret for at det skjer på riktig måte. Spørsmål om personvern sender du til {mail}, eller skriv til {contact.postal}. Telefon{" "}
        {contact.phone}.
      </p>

      <h2>Hva vi samler inn, og hvorfor</h2>
      <h3>Påmelding til vinterleiren</h3>
      <p>
        Vi spør om utøverens navn, alder, klubb og grad, om gradering og overnatting, navnet på ledsagere, og e-post og telefonnummer til den som
        melder på. Vi trenger dette for å gjennomføre leiren: dele inn gruppene, vite hvem som sover i hallen, ta betalt og kunne nå deg. Grunnlaget
        er avtalen du inngår når du melder på (personvernforordningen artikkel 6 nr. 1 bokstav b).
      </p>
      <p>
        Allergier og annen informasjon er frivillig. Det du skriver om allergier, er helseopplysninger, og vi bruker dem bare for at maten skal være
        trygg. Grunnlaget er samtykket ditt (artikkel 9 nr. 2 bokstav a). Bare arrangørene med rollen leder ser dem.
      </p>
      <p>
        Navn, grad og klubb vises på den offentlige deltakerlisten bare hvis du har sagt ja til det (samtykke, artikkel 6 nr. 1 bokstav a). Du kan
        ombestemme deg når som helst på «Min påmelding», så forsvinner navnet fra listen.
      </p>
      <h3>Graderinger og kurs</h3>
      <p>
        Når du melder på til en gradering eller et kurs, får vi navn, e-post og telefonnummer til den som melder på, og hver utøvers navn, alder,
        klubb og grad. Til et kurs får vi også svarene på kursets spørsmål. Vi bruker dette for å gjennomføre arrangementet: sette opp sensorlisten og
        gruppene, sjekke at utøveren kan være med, ta betalt og kunne nå deg. Grunnlaget er avtalen du inngår når du melder på (artikkel 6 nr. 1
        bokstav b).
      </p>
      <h3>Bestilling av klubbtøy</h3>
      <p>
        Når du bestiller klubbtøy, får vi navn, e-post og telefonnummer, og hva du har bestilt (vare, størrelse og antall). Vi bruker det for å
        bestille, ta betalt og gi deg varene når du henter dem. Grunnlaget er kjøpsavtalen (artikkel 6 nr. 1 bokstav b).
      </p>
      <h3>Nye medlemmer</h3>
      <p>
        Når du melder interesse, får vi navn og alder, e-post og telefon – for barn også navnet på en foresatt. Vi bruker det bare for å kontakte deg
        om en prøvetime. Grunnlaget er at du har bedt oss om det før et medlemskap (artikkel 6 nr. 1 bokstav b).
      </p>
      <h3>Innsjekking ved døra</h3>
      <p>
        På vinterleiren, graderinger og kurs noterer vi hvem som har kommet, og når; for klubbtøy at varene er hentet. Vi skriver også hvilken
        arrangør som sjekket inn. Det trenger vi for å vite hvem som er til stede, og for ikke å gi ut varer to ganger (avtalen, artikkel 6 nr. 1
        bokstav b). Telefonen ved døra på vinterleiren har en liste med navn, klubb, grad og hva som gjenstår å betale, slik at den virker uten nett.
        Listen slettes fra telefonen når arrangøren logger ut, og senest dagen etter leiren.
      </p>
      <h3>Betalinger</h3>
      <p>
        For hver påmelding og bestilling fører vi hva som er belastet, betalt og betalt tilbake, med måten det ble betalt på. Betaler du med Vipps,
        får vi betalingens referanse, beløp og status fra Vipps, men ikke kortopplysninger. Det du har betalt, må klubben ta vare på etter
        bokføringsloven (rettslig plikt, artikkel 6 nr. 1 bokstav c).
      </p>
      <h3>E-post og meldinger fra klubben</h3>
      <p>
        Bekreftelser, lenker til «Min påmelding», tilbud fra ventelisten, beskjed om avbestilling og meldinger fra arrangørene (for eksempel en
        påminnelse før leiren) sendes på e-post til adressen du oppgir. E-postene inneholder navn og det du har meldt på eller bestilt. Vi tar vare på
        en kopi en tid, så vi kan se at den kom fram og svare på spørsmål om den.
      </p>

      <h2>Hvor lenge vi tar vare på opplysningene</h2>
      <ul>
        <li>
          Påmeldingene til vinterleiren gjøres anonyme {count(retention.campAnonymiseAfterDays, "dag", "dager")} etter leirens siste dag: navn,
          e-post, telefon, allergier og annen informasjon slettes.
        </li>
        <li>
          Påmeldinger til graderinger og kurs og bestillinger av klubbtøy gjøres anonyme {count(retention.campAnonymiseAfterDays, "dag", "dager")}{" "}
          etter arrangementets siste dag: navn, e-post, telefon, alder og svar slettes, og det samme gjør innsjekkingen ved døra og e-poster om ordren
          som ennå ikke er sendt.
        </li>
        <li>
          Meldingene arrangørene har sendt til familiene på et arrangement, mister tekst, adresser og navn samtidig; igjen står når de ble sendt, av
          hvem og til hvor mange.
        </li>
        <li>
          Det som trengs i regnskapet (beløp, ordrenummer, hva som er kjøpt og betalingene, uten navn), slettes{" "}
          {count(retention.accountingRetentionYears, "år", "år")} etter utgangen av året arrangementet var. Innsjekkingen på vinterleiren står igjen
          uten navn til da.
        </li>
        <li>
          Interessemeldinger fra nye medlemmer slettes {count(retention.newMemberRetentionMonths, "måned", "måneder")} etter at de kom inn, og
          meldingene klubben har skrevet til dem, mister tekst, adresser og navn etter like lang tid.
        </li>
        <li>E-poster nettstedet har sendt, slettes {count(retention.mailRetentionDays, "dag", "dager")} etter at de ble sendt.</li>
        <li>Klubbens fakturaliste slettes {count(retention.invoiceRetentionDays, "dag", "dager")} etter at den ble lastet opp.</li>
        <li>Det du har fylt ut i et skjema uten å sende det, ligger bare i nettleseren din (se informasjonskapsler nedenfor).</li>
      </ul>

      <h2>Hvem som får opplysningene</h2>
      <p>
        Vi selger aldri opplysninger og gir dem ikke videre til andre enn dem som hjelper oss å drive nettstedet. De behandler opplysningene bare på
        våre vegne, etter en avtale med klubben (databehandlere):
      </p>
      <ul>
        {processors.map((processor) => (
          <li key={processor.name}>
            <strong>{processor.name}</strong>: {processor.task} ({processor.where}).
          </li>
        ))}
      </ul>

      <h2>Informasjonskapsler</h2>
      <p>Nettstedet bruker ingen informasjonskapsler til statistikk eller reklame. Disse settes bare når du fyller ut et skjema eller logger inn:</p>
      <ul className="privacy-cookies">
        {Object.values(siteCookies).map((cookie) => (
          <li key={cookie.name}>
            <code>{cookie.name}</code>: {cookie.purpose} Lagres i {lifetime(cookie.maxAgeSeconds)}.
          </li>
        ))}
      </ul>
      <p>Dette ligger bare i nettleserfanen og forsvinner når du lukker den:</p>
      <ul>
        {tabStorage.map((entry) => (
          <li key={entry.name}>
            {entry.name}: {entry.purpose}
          </li>
        ))}
      </ul>

      <h2>Dine rettigheter</h2>
      <p>Du har rett til å</p>
      <ul>
        <li>få vite hvilke opplysninger vi har om deg, og få en kopi av dem,</li>
        <li>få rettet opplysninger som er feil – mye kan du rette selv på «Min påmelding»,</li>
        <li>få opplysningene slettet eller begrenset når vi ikke lenger trenger dem,</li>
        <li>protestere mot bruken, og få opplysningene du har gitt oss, i en fil du kan ta med deg,</li>
        <li>trekke tilbake et samtykke når som helst, uten at det du har samtykket til før, blir ulovlig.</li>
      </ul>
      <p>Skriv til {mail}, så svarer vi innen en måned. Foresatte kan spørre på vegne av barna sine.</p>
      <p>
        Ber du om innsyn, får du en kopi av alt vi har lagret under e-postadressen din: påmeldinger til vinterleiren, graderinger og kurs og
        bestillinger av klubbtøy, med betalingene og e-postene vi har sendt deg. Det gjelder også om du bare har meldt på til en gradering eller et
        kurs eller bestilt klubbtøy. Ber du om sletting, sletter vi navn og kontaktopplysninger med en gang, også før arrangementet, sammen med det
        andre vi vet om deltakerne (som allergier, alder og svar) og innsjekkingen ved døra. Det som trengs i regnskapet (beløp, ordrenummer, hva som
        er kjøpt og betalingene), står igjen uten navn til det slettes som beskrevet ovenfor.
      </p>
      <p>
        Mener du at vi behandler opplysninger om deg på en måte som ikke er i orden, kan du klage til Datatilsynet (
        <ExternalLink href="https://www.datatilsynet.no/">datatilsynet.no</ExternalLink>, Postboks 458 Sentrum, 0105 Oslo). Vi blir glade om du tar
        kontakt med oss først, så vi kan rette opp i det.
      </p>
      <p>
        <Link to="/kontakt">Kontakt klubben</Link>
      </p>
    </div>
  );
}
