import type { ReactNode } from "react";
import { Link } from "react-router";
import { club } from "../../../shared/club/club-facts.ts";
import { siteCookies, tabStorage } from "../../../shared/site/site-cookies.ts";
import { ExternalLink } from "../../components/ExternalLink.tsx";
import { usePrivacyFacts, useClubContact } from "../../lib/site-content.tsx";
import type { PrivacyFacts } from "../../../shared/site/privacy-facts.ts";
import { WhatWeCollect } from "./PrivacyWhatWeCollect.tsx";
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

      <WhatWeCollect />

      <Retention retention={retention} />

      <Recipients processors={processors} />

      <Cookies />

      <YourRights mail={mail} />
      <p>
        <Link to="/kontakt">Kontakt klubben</Link>
      </p>
    </div>
  );
}

/** How long each kind of data is kept: the server's own settings. */
function Retention({ retention }: { retention: PrivacyFacts["retention"] }) {
  return (
    <>
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
    </>
  );
}

/** The processors who handle the data on the club's behalf. */
function Recipients({ processors }: { processors: PrivacyFacts["processors"] }) {
  return (
    <>
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
    </>
  );
}

/** The cookies and tab storage, from the one list the code sets them from. */
function Cookies() {
  return (
    <>
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
    </>
  );
}

/** The visitor's rights, how to use them, and the complaint to Datatilsynet. */
function YourRights({ mail }: { mail: ReactNode }) {
  return (
    <>
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
    </>
  );
}
