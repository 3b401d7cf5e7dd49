import { useId, useMemo, useState } from "react";
import { matchesSearch } from "../../../shared/camp/grades.ts";
import type { PublicParticipant } from "../../../shared/camp/camp-lists.ts";
import { getPublicParticipants } from "./participants-api.ts";
import { HydrationGate } from "../../components/HydrationGate.tsx";
import { useLoad } from "../../lib/use-load.ts";

/** The Søk tab: everyone registered, by name only for those who said yes to being shown (docs/requirements.md D6). */
export function ParticipantSearch({ initial }: { initial?: PublicParticipant[] }) {
  const [state, retry] = useLoad(getPublicParticipants, initial);
  const [name, setName] = useState("");
  const [club, setClub] = useState("");
  const id = useId();

  const all = useMemo(() => (state.status === "ready" ? state.data : []), [state]);
  const shown = useMemo(() => all.filter((p) => matchesSearch(p.name, name) && matchesSearch(p.club ?? "", club)), [all, name, club]);

  return (
    <>
      <p>Bare deltakere som har sagt ja til det i påmeldingen, vises med navn og belte. De andre står som anonyme deltakere med klubben sin.</p>
      <HydrationGate>
        <div className="participant-filters">
          <div className="field">
            <label htmlFor={`${id}-name`}>Søk på navn</label>
            <input id={`${id}-name`} type="search" value={name} onChange={(event) => setName(event.target.value)} autoComplete="off" />
          </div>
          <div className="field">
            <label htmlFor={`${id}-club`}>Søk på klubb</label>
            <input id={`${id}-club`} type="search" value={club} onChange={(event) => setClub(event.target.value)} autoComplete="off" />
          </div>
        </div>
      </HydrationGate>

      {state.status === "loading" && (
        <p className="loading" role="status">
          Laster...
        </p>
      )}
      {state.status === "error" && (
        <div className="load-failed" role="alert">
          <p>Klarte ikke laste data.</p>
          <button type="button" className="button secondary" onClick={retry}>
            Prøv igjen
          </button>
        </div>
      )}
      {state.status === "ready" && (
        <>
          <p className="result-count" role="status">
            Viser {shown.length} av {all.length} deltakere
          </p>
          {shown.length === 0 ? (
            <p>Ingen deltakere funnet.</p>
          ) : (
            <table className="data participant-table">
              <caption className="visually-hidden">Deltakere på vinterleiren</caption>
              <thead>
                <tr>
                  <th scope="col">Navn</th>
                  <th scope="col">Grad</th>
                  <th scope="col">Klubb</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((p, index) => (
                  <tr key={`${p.name}|${p.club ?? ""}|${index}`}>
                    <th scope="row" className="participant-name">
                      {p.name}
                    </th>
                    <td data-label="Grad">{p.grade ? p.grade : <NotGiven />}</td>
                    <td data-label="Klubb">{p.club ? p.club : <NotGiven />}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </>
  );
}

function NotGiven() {
  return (
    <>
      <span aria-hidden="true">–</span>
      <span className="visually-hidden">ikke oppgitt</span>
    </>
  );
}
