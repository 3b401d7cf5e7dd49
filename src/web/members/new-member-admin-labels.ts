import { club } from "../../shared/club/club-facts.ts";
import { needsGuardian, refererLabels, type RefererValue } from "../../shared/members/new-member.ts";
import type { NewMemberAdminEntry } from "../../shared/members/new-member-admin.ts";

// How the new-member admin names a registration, shared by its list and its details view.

export const fullName = (entry: NewMemberAdminEntry) => `${entry.firstName} ${entry.lastName}`.trim();
export const guardianName = (entry: NewMemberAdminEntry) =>
  needsGuardian(entry.age) ? `${entry.parentFirstName} ${entry.parentLastName}`.trim() : "";
export const refererLabel = (value: number) => refererLabels[value as RefererValue] ?? String(value);

export function contactName(entry: NewMemberAdminEntry): string {
  return guardianName(entry) || fullName(entry);
}

/** A mail to the contact (the guardian for a child) about the trial lesson. */
export function mailLink(entry: NewMemberAdminEntry): string {
  const subject = `Prøvetime i ${club.name}`;
  const body = `Hei ${needsGuardian(entry.age) ? entry.parentFirstName : entry.firstName}!\n\n`;
  return `mailto:${entry.email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
