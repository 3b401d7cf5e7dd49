import { notFoundPage } from "../../shared/site/site-pages.ts";
import { club } from "../../shared/club/club-facts.ts";
import { ErrorScreen } from "./ErrorScreen.tsx";

/**
 * Every unmatched address. Rendered by the server as a static page that it sends with status 404, so it needs
 * no JavaScript; the router's own errors use the same screen through the root ErrorBoundary.
 */
export default function NotFoundPage() {
  return <ErrorScreen detail="404 Not Found" notFound />;
}

export function meta() {
  return [{ title: `${notFoundPage.title} – ${club.name}` }, { name: "description", content: notFoundPage.description }];
}
