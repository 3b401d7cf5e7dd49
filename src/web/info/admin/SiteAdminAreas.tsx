import { useCallback, useState } from "react";
import { campRoleLabels } from "../../../shared/admin/camp-accounts.ts";
import { siteSectionLabels, siteSectionNames, type SiteChange, type SiteContent, type SiteSectionName } from "../../../shared/site/site-content.ts";
import { campAccountCalls } from "../../../shared/admin/camp-account-calls.ts";
import { readCall } from "../../lib/call-api.ts";
import { AdminLoading, SignOutButton, useAdminData, type AdminSession } from "../../components/admin/AdminShell.tsx";
import { ChangeLog } from "./ChangeLog.tsx";
import { SectionEditor } from "./SectionEditor.tsx";
import { getSiteChanges, getSiteContent } from "./site-admin-api.ts";
import "./site-admin.css";

const failedMessage = "Klarte ikke hente nettstedet, så du er logget ut. Logg inn på nytt for å prøve igjen.";

interface Loaded {
  me: { name: string; role: keyof typeof campRoleLabels };
  content: SiteContent;
  changes: SiteChange[] | null;
}

async function fetchAll(token: string): Promise<Loaded> {
  const me = await readCall(campAccountCalls.me, { params: { token } });
  // An account without the site's role (innsjekk) is told so; it never gets the change log.
  if (me.role === "innsjekk") return { me, content: await getSiteContent(), changes: null };
  const [content, changes] = await Promise.all([getSiteContent(), getSiteChanges(token)]);
  return { me, content, changes };
}

/** What a signed-in leder or redaktør sees: a section picker, the section's form and the change log. */
export function SiteAdminAreas({ session }: { session: AdminSession }) {
  const { data, load } = useAdminData(session, fetchAll, failedMessage);
  const [section, setSection] = useState<SiteSectionName | "endringer">("treningstider");
  // An undone change: the forms start again from what is stored. A save keeps its form (it holds what was
  // stored) and its message.
  const [generation, setGeneration] = useState(0);
  const reload = useCallback(async () => {
    await load();
    setGeneration((value) => value + 1);
  }, [load]);
  if (!data) return <AdminLoading text="Logger inn...">{null}</AdminLoading>;
  const toolbar = (
    <div className="admin-toolbar">
      <span className="signed-in-as">
        Logget inn som {data.me.name} ({campRoleLabels[data.me.role].toLocaleLowerCase("nb-NO")})
      </span>
      <SignOutButton session={session} />
    </div>
  );
  if (!data.changes) {
    return (
      <>
        {toolbar}
        <p role="alert">Kontoen din kan ikke endre nettstedet. Be lederen i klubben om en konto med rollen redaktør.</p>
      </>
    );
  }
  return (
    <>
      {toolbar}
      <nav aria-label="Deler av nettstedet">
        <ul className="site-admin-sections">
          {[...siteSectionNames, "endringer" as const].map((name) => (
            <li key={name}>
              <button type="button" className="button secondary small" aria-current={section === name || undefined} onClick={() => setSection(name)}>
                {name === "endringer" ? "Endringer" : siteSectionLabels[name]}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      {section === "endringer" ? (
        <ChangeLog changes={data.changes} session={session} onUndone={reload} />
      ) : (
        <SectionEditor key={`${section}-${generation}`} section={section} content={data.content} session={session} onSaved={() => void load()} />
      )}
    </>
  );
}
