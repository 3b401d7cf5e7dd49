/** The money on "Min påmelding": grading on or off, and paying what is owed with Vipps (the figures: components/MoneyLines.tsx). */
import { useState } from "react";
import type { MyRegistrationView } from "../../../shared/camp/camp-my-registration.ts";
import { formatKroner } from "../../../shared/format.ts";
import { payOutstanding, type ActionResult } from "./my-registration-api.ts";
import { rememberPersonalLink } from "./personal-link-storage.ts";
import { H, useIdPrefix, useLandmarkId, type Sending } from "./my-registration-sections.tsx";
import "../../components/vipps-button.css";

export function GradingChoice({ view, onSet }: { view: MyRegistrationView; onSet: (on: boolean) => Promise<ActionResult> }) {
  const idp = useIdPrefix();
  const landmarkId = useLandmarkId();
  const [state, setState] = useState<Sending>({ state: "idle" });
  const act = async () => {
    setState({ state: "sending" });
    const result = await onSet(!view.gradering);
    if (result.kind === "ok") {
      if (!result.payUrl) setState({ state: "idle" });
    } else
      setState({
        state: "error",
        message: result.kind === "conflict" || result.kind === "invalid" ? result.message : "Vi fikk ikke endret. Prøv igjen om litt.",
      });
  };
  return (
    <section aria-labelledby={landmarkId(`${idp}my-grading`)}>
      <H id={`${idp}my-grading`}>Gradering</H>
      <p>{view.gradering ? "Utøveren er meldt på gradering på leiren." : "Utøveren kan gradere på leiren."}</p>
      {state.state === "error" && (
        <p className="field-error" role="alert">
          {state.message}
        </p>
      )}
      <button type="button" className="button secondary my-add-button" onClick={() => void act()} disabled={state.state === "sending"}>
        {view.gradering ? "Ta bort gradering" : "Meld på gradering"}
      </button>
    </section>
  );
}

export function PayOutstanding({ token, target, amount }: { token: string; target?: string; amount: number }) {
  const [state, setState] = useState<Sending>({ state: "idle" });
  const pay = async () => {
    setState({ state: "sending" });
    const result = await payOutstanding(token, target);
    if (result.kind === "redirect") {
      rememberPersonalLink(window.location.pathname);
      window.location.assign(result.url);
    } else setState({ state: "error", message: result.detail });
  };
  return (
    <div className="notice my-outstanding" role="status">
      <p>
        Endringen koster <strong>{formatKroner(amount)}</strong> mer, og det er ikke betalt ennå.
      </p>
      {state.state === "error" && (
        <p className="field-error" role="alert">
          {state.message}
        </p>
      )}
      <button type="button" className="vipps-button" onClick={() => void pay()} disabled={state.state === "sending"}>
        {state.state === "sending" ? "Åpner Vipps …" : `Betal ${formatKroner(amount)} med Vipps`}
      </button>
    </div>
  );
}
