import { useCallback, useEffect, useRef, useState } from "react";
import type { Route } from "./+types/CampAdminPage";
import { club } from "../../../shared/club/club-facts.ts";
import {
  ApiError,
  campAdminCsvUrl,
  getCampAdminParticipants,
  getCampAdminToken,
  getCampAdminTotals,
} from "../../lib/api-client.ts";
import { campEdition } from "../../lib/camp-edition.ts";
import type { AdminPerson, AdminTotals } from "../../../shared/camp/camp-lists.ts";
import { AdminDetails } from "./AdminDetails.tsx";
import { AdminList, initialListView, type ListView } from "./AdminList.tsx";
import { AdminLogin } from "../../components/admin/AdminLogin.tsx";
import { personKey } from "./admin-format.ts";
import { clearAdminToken, readAdminToken, saveAdminToken } from "./admin-token.ts";
import { sha256Hex } from "../../components/admin/sha256.ts";
import "../participants/participants.css";
import "../../components/admin/admin.css";
import "./camp-admin.css";

export function meta(_: Route.MetaArgs) {
  const title = `Administrasjon av vinterleiren ${campEdition.year} – ${club.name}`;
  return [
    { title },
    { name: "description", content: `Påmeldte til vinterleiren ${campEdition.year}, for arrangørene i ${club.name}.` },
    { name: "robots", content: "noindex" },
    { property: "og:title", content: title },
    { property: "og:locale", content: "nb_NO" },
  ];
}

const expiredMessage = "Innloggingen er utløpt eller ugyldig. Logg inn på nytt.";
const failedMessage = "Klarte ikke hente påmeldingene, så du er logget ut. Logg inn på nytt for å prøve igjen.";

/** The camp admin (spec §2 "Admin screens", §4 "Admin"): login, then list, then one registration. */
export function CampAdmin({ hash = sha256Hex }: { hash?: (password: string) => Promise<string> }) {
  const [token, setToken] = useState(readAdminToken);
  const [loginMessage, setLoginMessage] = useState<string>();

  const signOut = useCallback((message?: string) => {
    clearAdminToken();
    setToken(undefined);
    setLoginMessage(message);
  }, []);

  return (
    <div className="page page-wide camp-admin">
      <h1>Vinterleiren {campEdition.year} – administrasjon</h1>
      {token ? (
        <AdminArea key={token} token={token} onSignOut={signOut} />
      ) : (
        <AdminLogin
          message={loginMessage}
          hash={hash}
          withUsername
          login={(digest, username) => getCampAdminToken(username ?? "", digest)}
          wrongMessage="Feil brukernavn/passord."
          intro="Listen over deltakere er bare for dem som arrangerer vinterleiren. Logg inn for å se den."
          onLoggedIn={(newToken) => {
            saveAdminToken(newToken);
            setLoginMessage(undefined);
            setToken(newToken);
          }}
        />
      )}
    </div>
  );
}

type Data = { people: AdminPerson[]; totals: AdminTotals };

function AdminArea({ token, onSignOut }: { token: string; onSignOut: (message?: string) => void }) {
  const [data, setData] = useState<Data>();
  const [selected, setSelected] = useState<string>();
  const [view, setView] = useState<ListView>(initialListView);
  const rows = useRef(new Map<string, HTMLButtonElement>());
  const returnTo = useRef<string>(undefined);

  const load = useCallback(async () => {
    try {
      const [people, totals] = await Promise.all([getCampAdminParticipants(token), getCampAdminTotals(token)]);
      setData({ people, totals });
    } catch (error) {
      // Spec §4: any failed fetch ends the session; the reason decides the words.
      onSignOut(error instanceof ApiError && error.status === 401 ? expiredMessage : failedMessage);
    }
  }, [token, onSignOut]);

  useEffect(() => {
    void load();
  }, [load]);

  // Back from the details: the keyboard lands on the row that was opened.
  useEffect(() => {
    if (selected === undefined && returnTo.current) {
      rows.current.get(returnTo.current)?.focus();
      returnTo.current = undefined;
    }
  }, [selected]);

  const signOutButton = (
    <button type="button" className="button secondary sign-out" onClick={() => onSignOut("Du er logget ut.")}>
      Logg ut
    </button>
  );

  if (!data) {
    return (
      <>
        <p className="loading" role="status">
          Laster inn påmeldingene...
        </p>
        {signOutButton}
      </>
    );
  }

  return (
    <>
      <div className="admin-toolbar">{signOutButton}</div>
      {selected !== undefined ? (
        <AdminDetails
          person={data.people.find((p) => personKey(p) === selected)}
          token={token}
          onBack={() => {
            returnTo.current = selected;
            setSelected(undefined);
          }}
          onChanged={load}
          onUnauthorised={() => onSignOut(expiredMessage)}
        />
      ) : (
        <AdminList
          people={data.people}
          totals={data.totals}
          csvUrl={campAdminCsvUrl(token)}
          csvFileName={`vinterleir-${campEdition.year}-deltakere.csv`}
          view={view}
          onViewChange={setView}
          onOpen={setSelected}
          rowRef={(key, element) => {
            if (element) rows.current.set(key, element);
            else rows.current.delete(key);
          }}
        />
      )}
    </>
  );
}

export default function CampAdminPage() {
  return <CampAdmin />;
}
