import { useState } from "react";
import { adminApiNames } from "../../shared/admin/admin-api.ts";
import type { Route } from "./+types/InvoiceAdminPage";
import { club } from "../../shared/club/club-facts.ts";
import { formatKronerOre } from "../../shared/format.ts";
import type { ImportResult, InvoiceGroup, InvoiceStatus } from "../../shared/invoices/invoice-groups.ts";
import {
  AdminLoading,
  AdminShell,
  expiredMessage,
  isUnauthorised,
  SignOutButton,
  useAdminData,
  type AdminSession,
} from "../components/admin/AdminShell.tsx";
import { sha256Hex } from "../components/admin/sha256.ts";
import { getInvoiceAdminToken, getInvoiceGroups, getInvoiceStatus, invoiceCsvUrl, refreshInvoices, uploadInvoiceFile } from "./invoice-api.ts";
import { invoiceAdminToken } from "./invoice-admin-token.ts";
import "../components/admin/admin.css";
import "./invoices.css";
import { type Feedback, ImportStatus, RefreshAction, UploadAction, ImportFeedback } from "./InvoiceImport.tsx";
import { InvoiceTable } from "./InvoiceTable.tsx";

export function meta(_: Route.MetaArgs) {
  const title = `Purringer – ${club.name}`;
  return [
    { title },
    { name: "description", content: `Forfalte, ubetalte fakturaer per medlem, for kassereren i ${club.name}.` },
    { name: "robots", content: "noindex" },
    { property: "og:title", content: title },
    { property: "og:locale", content: "nb_NO" },
  ];
}

const failedMessage = "Klarte ikke hente fakturaene, så du er logget ut. Logg inn på nytt for å prøve igjen.";

/** The invoice-reminder admin (docs/requirements.md §2 "Admin screens", D8): password login, then the reminders per person. */
export function InvoiceAdmin({ hash = sha256Hex }: { hash?: (password: string) => Promise<string> }) {
  return (
    <AdminShell
      className="page page-wide admin-area invoice-admin"
      title="Purringer"
      apiName={adminApiNames.invoice}
      cookie={invoiceAdminToken}
      hash={hash}
      login={getInvoiceAdminToken}
      wrongMessage="Feil passord."
      intro="Oversikten over ubetalte fakturaer er bare for kassereren og styret. Logg inn for å se den."
    >
      {(session) => <Reminders session={session} />}
    </AdminShell>
  );
}

type Data = { groups: InvoiceGroup[]; status: InvoiceStatus };

async function fetchData(token: string): Promise<Data> {
  const [groups, status] = await Promise.all([getInvoiceGroups(token), getInvoiceStatus(token)]);
  return { groups, status };
}

function Reminders({ session }: { session: AdminSession }) {
  const { token, signOut } = session;
  const { data, load } = useAdminData(session, fetchData, failedMessage);
  const [busy, setBusy] = useState<"refresh" | "upload">();
  const [feedback, setFeedback] = useState<Feedback>();

  async function run(action: "refresh" | "upload", call: () => Promise<ImportResult>) {
    if (busy) return;
    setBusy(action);
    setFeedback(undefined);
    try {
      setFeedback({ action, result: await call() });
      await load();
    } catch (error) {
      if (isUnauthorised(error)) return signOut(expiredMessage);
      setFeedback({ action: "failed", message: "Fikk ikke kontakt med serveren. Listen er ikke endret. Prøv igjen om litt." });
    } finally {
      setBusy(undefined);
    }
  }

  const signOutButton = <SignOutButton session={session} />;

  if (!data) return <AdminLoading text="Laster inn fakturaene...">{signOutButton}</AdminLoading>;

  const { groups, status } = data;
  const invoiceCount = groups.reduce((sum, group) => sum + group.invoices.length, 0);
  const total = groups.reduce((sum, group) => sum + group.total, 0);

  return (
    <>
      <div className="admin-toolbar">{signOutButton}</div>

      <dl className="admin-totals invoice-totals">
        <div>
          <dt>Personer</dt>
          <dd>{groups.length}</dd>
        </div>
        <div>
          <dt>Forfalte fakturaer</dt>
          <dd>{invoiceCount}</dd>
        </div>
        <div>
          <dt>Utestående</dt>
          <dd>{formatKronerOre(total)}</dd>
        </div>
      </dl>
      <ImportStatus status={status} />

      <section className="invoice-actions" aria-labelledby="invoice-actions-heading">
        <h2 id="invoice-actions-heading">Oppdater listen</h2>
        <div className="invoice-action-grid">
          <RefreshAction status={status} busy={busy} onRefresh={() => run("refresh", () => refreshInvoices(token))} />
          <UploadAction busy={busy} onUpload={(file) => run("upload", () => uploadInvoiceFile(token, file))} />
        </div>
        <ImportFeedback feedback={feedback} />
      </section>

      <section aria-labelledby="invoice-list-heading">
        <div className="invoice-list-heading">
          <h2 id="invoice-list-heading">Forfalte fakturaer per person</h2>
          {groups.length > 0 && (
            <a className="button secondary" href={invoiceCsvUrl(token)} download="purringer.csv">
              Last ned CSV
            </a>
          )}
        </div>
        {groups.length === 0 ? (
          <p className="notice">
            {status.storedInvoices === 0
              ? "Ingen fakturaer er lest inn ennå. Last opp eksporten fra regnskapssystemet."
              : "Ingen fakturaer er forfalt. Alle har betalt i tide, eller forfallsdatoen er ikke passert ennå."}
          </p>
        ) : (
          <InvoiceTable groups={groups} />
        )}
      </section>
    </>
  );
}

export default function InvoiceAdminPage() {
  return <InvoiceAdmin />;
}
