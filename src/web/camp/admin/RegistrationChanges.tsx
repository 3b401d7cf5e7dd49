import { actorLabel } from "../../../shared/camp/camp-state-labels.ts";
import { useState } from "react";
import type { RegistrationChange } from "../../../shared/camp/camp-admin-answers.ts";
import { campAdminCalls } from "../../../shared/camp/camp-admin-calls.ts";
import { formatOsloDateTime } from "../../../shared/format.ts";
import { ApiError } from "../../lib/api-client.ts";
import { readCall } from "../../lib/call-api.ts";

type Changes = RegistrationChange[];

/**
 * What the participant changed or cancelled through "Min påmelding", oldest first
 * (GET /api/VinterleirAdmin/Changes), fetched when the admin opens it.
 */
export function RegistrationChanges({
  registrationId,
  token,
  onUnauthorised,
}: {
  registrationId: number;
  token: string;
  onUnauthorised: () => void;
}) {
  const [changes, setChanges] = useState<Changes | undefined>();
  const [error, setError] = useState<string | undefined>();
  const load = () => {
    if (changes) return;
    readCall(campAdminCalls.changes, { params: { registrationId: String(registrationId), token } }).then(setChanges, (caught: unknown) => {
      if (caught instanceof ApiError && caught.status === 401) onUnauthorised();
      else setError(caught instanceof Error ? caught.message : String(caught));
    });
  };
  return (
    <details className="registration-changes" onToggle={(event) => (event.currentTarget.open ? load() : undefined)}>
      <summary>Endringer fra deltakeren</summary>
      {error ? (
        <p className="form-error">Klarte ikke hente endringsloggen: {error}</p>
      ) : !changes ? (
        <p>Henter …</p>
      ) : changes.length === 0 ? (
        <p>Ingen endringer.</p>
      ) : (
        <ul>
          {changes.map((change, index) => (
            <li key={index}>
              {formatOsloDateTime(new Date(change.at))} – {actorLabel(change.actor)}: {change.summary}
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
