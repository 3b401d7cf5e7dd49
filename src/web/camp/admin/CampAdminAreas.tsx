import { useMemo, useState, type ReactNode } from "react";
import { campEditionFromData } from "../../../shared/camp/camp-edition-data.ts";
import { CampEditionOverride } from "../../lib/camp-edition.tsx";
import { useAdminYear, useEditionFetcher } from "./admin-edition.tsx";
import { EditionPicker } from "./EditionPicker.tsx";
import { editionData } from "./editions/editions-api.ts";
import { campAdminCsvUrl, getCampAdminParticipants, getCampAdminTotals } from "./camp-admin-api.ts";
import { useCampYear } from "../../lib/camp-edition.tsx";
import { useFocusReturn } from "../../lib/use-focus-return.ts";
import type { AdminPerson, AdminTotals } from "../../../shared/camp/camp-lists.ts";
import { AdminDetails } from "./AdminDetails.tsx";
import { AdminList, initialListView, type ListView } from "./AdminList.tsx";
import { AdminLoading, expiredMessage, SignOutButton, useAdminData, type AdminSession } from "../../components/admin/AdminShell.tsx";
import { personKey } from "./admin-format.ts";
import { Tabs } from "../participants/Tabs.tsx";
import { EditionsArea } from "./editions/EditionsArea.tsx";
import { WaitlistArea } from "./waitlist/WaitlistArea.tsx";
import { HelpersArea } from "./accounts/HelpersArea.tsx";
import { campXlsxUrl, getCampMe } from "./accounts/camp-accounts-api.ts";
import { MessagesArea } from "./messages/MessagesArea.tsx";
import { DoorRefusalsArea } from "./door/DoorRefusalsArea.tsx";
import { ListsArea } from "./lists/ListsArea.tsx";
import { TreasurerArea } from "./lists/TreasurerArea.tsx";
import { VippsPayoutsArea } from "./lists/VippsPayoutsArea.tsx";
import { RegnskapArea } from "./regnskap/RegnskapArea.tsx";
import { CompanionCasesArea } from "./companion-cases/CompanionCasesArea.tsx";
import { campRoleLabels, type CampRole } from "../../../shared/admin/camp-accounts.ts";
import { checkInPagePath } from "../../../shared/site/site-pages.ts";
import { campFileName } from "../../../shared/camp/camp-admin-exports.ts";
import "../participants/participants.css";
import "./camp-admin.css";

const failedMessage = "Klarte ikke hente påmeldingene, så du er logget ut. Logg inn på nytt for å prøve igjen.";

type Data = { people: AdminPerson[]; totals: AdminTotals };

async function fetchData(token: string, year: number): Promise<Data> {
  const [people, totals] = await Promise.all([getCampAdminParticipants(token, year), getCampAdminTotals(token, year)]);
  return { people, totals };
}

/**
 * What a signed-in camp admin sees: the tabs the account's role allows. Each tab keeps its state (a half-filled
 * form, a search) while another is shown. A `leder` gets every tab; an `innsjekk` account the participants
 * (without allergy texts) and the lists without the kitchen's. Every tab shows the year in AdminYear; a tab
 * whose content is of one year starts afresh when another is chosen (the edition form keeps what was typed).
 */
export default function CampAdminAreas({ session }: { session: AdminSession }) {
  const [tab, setTab] = useState("participants");
  const { year } = useAdminYear();
  const siteYear = useCampYear();
  const { data: me } = useAdminData(session, getCampMe, failedMessage);
  if (!me) return <AdminLoading text="Logger inn...">{null}</AdminLoading>;
  if (me.role === "redaktør") {
    // A redaktør edits the site and sees no camp data or money (the server answers 403 to it here).
    return (
      <>
        <div className="admin-toolbar">
          <span className="signed-in-as">Logget inn som {me.name} (redaktør)</span>
          <SignOutButton session={session} />
        </div>
        <p>
          Kontoen din er for nettstedet. Gå til <a href="/nettsted/admin">Nettsted</a> for å endre treningstider, priser, kontakt og nyheter.
        </p>
      </>
    );
  }
  const leder = me.role === "leder";
  return (
    <>
      <div className="admin-toolbar">
        <span className="signed-in-as">
          Logget inn som {me.name} ({campRoleLabels[me.role].toLocaleLowerCase("nb-NO")})
        </span>
        <a className="button secondary" href={year === siteYear ? checkInPagePath : `${checkInPagePath}?year=${year}`}>
          Innsjekking
        </a>
        {leder && (
          <a className="button secondary" href="/nettsted/admin">
            Nettsted
          </a>
        )}
        <SignOutButton session={session} />
      </div>
      {leder && <EditionPicker session={session} refreshKey={tab} />}
      <ShownEdition>
        <Tabs
          label="Administrasjon av vinterleiren"
          selected={tab}
          onSelect={setTab}
          tabs={[
            { id: "participants", label: "Deltakere", content: <ParticipantsArea key={year} session={session} role={me.role} /> },
            { id: "lists", label: "Lister", content: <ListsArea key={year} session={session} role={me.role} /> },
            ...(leder
              ? [
                  { id: "treasurer", label: "Kasserer", content: <TreasurerArea key={year} session={session} /> },
                  { id: "vipps-payouts", label: "Utbetalinger fra Vipps", content: <VippsPayoutsArea session={session} /> },
                  { id: "accounts", label: "Regnskap", content: <RegnskapArea session={session} /> },
                  { id: "companion-cases", label: "Ledsagersaker", content: <CompanionCasesArea key={year} session={session} /> },
                  { id: "editions", label: "Leirer", content: <EditionsArea session={session} /> },
                  { id: "waitlist", label: "Venteliste", content: <WaitlistArea key={year} session={session} /> },
                  { id: "helpers", label: "Hjelpere", content: <HelpersArea session={session} me={me.username} /> },
                  { id: "messages", label: "Send melding", content: <MessagesArea key={year} session={session} /> },
                  { id: "door", label: "Avvist i døra", content: <DoorRefusalsArea session={session} /> },
                ]
              : []),
          ]}
        />
      </ShownEdition>
    </>
  );
}

/**
 * The weekend lists' program and the edition the tabs speak of: the shown year's edition as the leader's list
 * has it (saved changes included); without the list (an `innsjekk` account), the site's own.
 */
function ShownEdition({ children }: { children: ReactNode }) {
  const { edition } = useAdminYear();
  const shown = useMemo(() => edition && campEditionFromData(editionData(edition)), [edition]);
  return <CampEditionOverride edition={shown}>{children}</CampEditionOverride>;
}

function ParticipantsArea({ session, role }: { session: AdminSession; role: CampRole }) {
  const { token, signOut } = session;
  const { data, load } = useAdminData(session, useEditionFetcher(fetchData), failedMessage);
  const { year } = useAdminYear();
  const [selected, setSelected] = useState<string>();
  const [view, setView] = useState<ListView>(initialListView);
  // Back from the details: the keyboard lands on the row that was opened.
  const rows = useFocusReturn<string>();

  if (!data) return <AdminLoading text="Laster inn påmeldingene...">{null}</AdminLoading>;

  return (
    <>
      {selected !== undefined ? (
        <AdminDetails
          person={data.people.find((p) => personKey(p) === selected)}
          companions={data.people.filter(
            (p) =>
              p.isLedsager && p.companionId !== undefined && p.registrationId === data.people.find((q) => personKey(q) === selected)?.registrationId,
          )}
          token={token}
          onBack={() => {
            rows.returnTo(selected);
            setSelected(undefined);
          }}
          onChanged={load}
          onUnauthorised={() => signOut(expiredMessage)}
          role={role}
        />
      ) : (
        <AdminList
          people={data.people}
          totals={data.totals}
          year={year}
          {...(role === "leder"
            ? {
                csvUrl: campAdminCsvUrl(token, year),
                csvFileName: campFileName(year, "deltakere", "csv"),
                xlsxUrl: campXlsxUrl(token, undefined, year),
                xlsxFileName: campFileName(year, "deltakere", "xlsx"),
              }
            : {})}
          view={view}
          onViewChange={setView}
          onOpen={setSelected}
          rowRef={(key, element) => rows.register(key)(element)}
        />
      )}
    </>
  );
}
