import { redirect } from "react-router";
import { redirects } from "../../shared/site/site-pages.ts";
import type { Route } from "./+types/SectionIndexRedirect";

/** A bare section path (/om, /teori, …) goes to its first tab. The server does the same with a 302. */
export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const path = new URL(request.url).pathname.replace(/\/+$/, "");
  const target = redirects[path];
  if (!target) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  return redirect(target);
}

export default function SectionIndexRedirect() {
  return null;
}
