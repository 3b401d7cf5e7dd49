import type { Route } from "./+types/SiteAdminPage";
import { club } from "../../../shared/club/club-facts.ts";
import { AdminShell } from "../../components/admin/AdminShell.tsx";
import { clubSignIn } from "../../components/admin/club-sign-in.ts";
import { LoadFailedBoundary } from "../../components/admin/LoadFailedBoundary.tsx";
import { sha256Hex } from "../../components/admin/sha256.ts";
import { SiteAdminAreas } from "./SiteAdminAreas.tsx";
import "../../components/admin/admin.css";

export function meta(_args: Route.MetaArgs) {
  const title = `Nettsted – administrasjon – ${club.name}`;
  return [
    { title },
    { name: "description", content: `Treningstider, priser, kontakt, samarbeidspartnere, utstyr og nyheter på nettstedet til ${club.name}.` },
    { name: "robots", content: "noindex" },
    { property: "og:title", content: title },
    { property: "og:locale", content: "nb_NO" },
  ];
}

/** «Nettsted»: the club's own editing of the site's facts, for the accounts with the role leder or redaktør. */
export function SiteAdmin({ hash = sha256Hex }: { hash?: (password: string) => Promise<string> }) {
  return (
    <AdminShell
      className="page page-wide admin-area site-admin"
      title="Nettsted – administrasjon"
      {...clubSignIn}
      hash={hash}
      intro="Her endrer leder og redaktør treningstider, priser, kontaktinformasjon, samarbeidspartnere, utstyr, forsiden og nyheter."
    >
      {(session) => (
        <LoadFailedBoundary>
          <SiteAdminAreas session={session} />
        </LoadFailedBoundary>
      )}
    </AdminShell>
  );
}

export default function SiteAdminPage() {
  return <SiteAdmin />;
}
