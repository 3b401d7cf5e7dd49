import { useState } from "react";
import { club } from "../../../shared/club/club-facts.ts";
import { TextField } from "../../components/wizard/fields.tsx";
import { findMyRegistration } from "./my-registration-api.ts";
import "./my-registration.css";
import { ContactEmailLink } from "../../components/ContactEmailLink.tsx";

export async function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

export function meta() {
  return [{ title: `Finn påmeldingen min – ${club.name}` }, { name: "robots", content: "noindex" }];
}

type State = { state: "idle" } | { state: "sending" } | { state: "sent"; message: string } | { state: "error"; message: string };

/** /vinterleir/min-pamelding — a lost link is mailed again; the answer is the same for every address. */
export default function FindMyRegistrationPage() {
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [state, setState] = useState<State>({ state: "idle" });

  const submit = async () => {
    setState({ state: "sending" });
    const result = await findMyRegistration(email.trim());
    if (result.kind === "ok") {
      setError(undefined);
      setState({ state: "sent", message: result.message });
    } else if (result.kind === "invalid") {
      setError(result.message);
      setState({ state: "idle" });
    } else setState({ state: "error", message: "Vi fikk ikke sendt. Prøv igjen om litt." });
  };

  return (
    <div className="page my-registration">
      <h1>Finn påmeldingen min</h1>
      <p className="lead">
        Har du mistet lenken til påmeldingen? Skriv e-postadressen du brukte da du meldte på, så sender vi én lenke til «Min side» dit. Den viser alt
        dere har meldt på eller bestilt med den adressen: vinterleiren, graderinger, kurs og klubbtøy.
      </p>
      {state.state === "sent" ? (
        <p className="notice" role="status">
          {state.message}
        </p>
      ) : (
        <form
          className="my-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <TextField
            id="find-email"
            label="E-post"
            type="email"
            inputMode="email"
            autoComplete="email"
            value={email}
            onChange={setEmail}
            error={error}
          />
          {state.state === "error" && (
            <p className="field-error" role="alert">
              {state.message}
            </p>
          )}
          <button type="submit" className="button" disabled={state.state === "sending"}>
            {state.state === "sending" ? "Sender …" : "Send meg lenken"}
          </button>
        </form>
      )}
      <p className="my-help">
        Spørsmål? Skriv til <ContactEmailLink />.
      </p>
    </div>
  );
}
