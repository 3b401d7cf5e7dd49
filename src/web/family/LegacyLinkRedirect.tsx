import { Navigate, useParams } from "react-router";
import { familyPageLinkPath } from "../../shared/family/family-page-path.ts";

/**
 * The older addresses of the page behind a link (/vinterleir/min-pamelding/…, /arrangementer/min-pamelding/…):
 * they lead to «Min side» with the same secret. A full load is redirected by the server already; this covers a
 * move inside the site (the Vipps result page's link back).
 */
export async function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

export function meta() {
  return [{ name: "robots", content: "noindex" }];
}

export default function LegacyLinkRedirect() {
  const { token = "" } = useParams();
  return <Navigate to={familyPageLinkPath(token)} replace />;
}
