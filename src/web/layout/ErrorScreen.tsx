/** The fallback screen of docs/requirements.md §2: the title "Unexpected Application Error!" with the status or message. */
export function ErrorScreen({ detail, notFound }: { detail: string; notFound: boolean }) {
  return (
    <section className="page error-screen" aria-labelledby="error-title">
      <h1 id="error-title">Unexpected Application Error!</h1>
      <p className="error-detail">{detail}</p>
      <p>
        {notFound
          ? "Vi finner ikke siden du leter etter. Kanskje lenken er gammel, eller adressen har en skrivefeil."
          : "Noe gikk galt da siden skulle vises. Prøv igjen om litt."}
      </p>
      <p>
        <a className="button" href="/">
          Til forsiden
        </a>
      </p>
    </section>
  );
}
