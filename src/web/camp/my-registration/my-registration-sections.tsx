/** Shared by the page's parts: section ids and heading levels (one level down inside each athlete of a group), and a form's sending state. */
import { createContext, useContext, type ReactNode } from "react";

/** Each athlete of a group has its own sections (ids and headings one level down, see RegistrationBody). */
export const IdPrefix = createContext<{ idp: string; level: 2 | 3 }>({ idp: "", level: 2 });
export const useIdPrefix = () => useContext(IdPrefix).idp;
/** Inside an athlete's part of a group page the sections are not named landmarks (they would repeat per athlete). */
export function useLandmarkId() {
  const nested = useContext(IdPrefix).level === 3;
  return (id: string) => (nested ? undefined : id);
}

export function H({ id, children }: { id: string; children: ReactNode }) {
  const Tag = useContext(IdPrefix).level === 3 ? "h3" : "h2";
  return <Tag id={id}>{children}</Tag>;
}

export type Sending = { state: "idle" } | { state: "sending" } | { state: "error"; message: string };
