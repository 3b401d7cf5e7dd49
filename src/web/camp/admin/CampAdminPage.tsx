import { lazy, Suspense } from "react";
import type { Route } from "./+types/CampAdminPage";
import { club } from "../../../shared/club/club-facts.ts";
import { campSignIn } from "./camp-sign-in.ts";
import { campYearOfMatches } from "../../lib/camp-edition.tsx";
import { AdminYearProvider, useAdminYear } from "./admin-edition.tsx";
import { AdminLoading, AdminShell } from "../../components/admin/AdminShell.tsx";
import { LoadFailedBoundary } from "../../components/admin/LoadFailedBoundary.tsx";
import { sha256Hex } from "../../components/admin/sha256.ts";
import "../../components/admin/admin.css";

export function meta({ matches }: Route.MetaArgs) {
  const year = campYearOfMatches(matches);
  const title = `Administrasjon av vinterleiren ${year} – ${club.name}`;
  return [
    { title },
    { name: "description", content: `Påmeldte til vinterleiren ${year}, for arrangørene i ${club.name}.` },
    { name: "robots", content: "noindex" },
    { property: "og:title", content: title },
    { property: "og:locale", content: "nb_NO" },
  ];
}

/**
 * The signed-in admin (lists, the edition form with its preview of the camp pages, the treasurer, …) is most
 * of this page's code, and nobody needs it before signing in: the login form loads without it, and the areas
 * are fetched when a field of the form gets focus (so the fetch runs while the admin types) or a token exists.
 */
const loadAreas = () => import("./CampAdminAreas.tsx");
const CampAdminAreas = lazy(loadAreas);

/**
 * The camp admin: the login form, then the tabs the account's role allows (see CampAdminAreas). The heading
 * names the year the admin shows, which the leader chooses below it.
 */
export function CampAdmin({ hash = sha256Hex }: { hash?: (password: string) => Promise<string> }) {
  return (
    <AdminYearProvider>
      <CampAdminShell hash={hash} />
    </AdminYearProvider>
  );
}

function CampAdminShell({ hash }: { hash: (password: string) => Promise<string> }) {
  const { year, reset } = useAdminYear();
  return (
    <AdminShell
      className="page page-wide admin-area camp-admin"
      title={`Vinterleiren ${year} – administrasjon`}
      {...campSignIn}
      hash={hash}
      onSignedOut={reset}
      onLoginStarted={() => void loadAreas()}
      intro="Listen over deltakere er bare for dem som arrangerer vinterleiren. Logg inn for å se den."
    >
      {(session) => (
        <LoadFailedBoundary>
          <Suspense fallback={<AdminLoading text="Logger inn...">{null}</AdminLoading>}>
            <CampAdminAreas session={session} />
          </Suspense>
        </LoadFailedBoundary>
      )}
    </AdminShell>
  );
}

export default function CampAdminPage() {
  return <CampAdmin />;
}
