/** The privacy statement's "what we collect, and why": each kind of data with its purpose and legal basis. */
export function WhatWeCollect() {
  return (
    <>
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
    </>
  );
}
