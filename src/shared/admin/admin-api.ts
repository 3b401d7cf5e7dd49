/**
 * The first path segment of each admin area's API calls (/api/{name}/GetToken/…, /api/{name}/Logout/{token},
 * …): the server registers its routes under these names and the admin pages build their paths from them.
 */
export const adminApiNames = { camp: "VinterleirAdmin", newmember: "NewMemberAdmin", invoice: "Invoice" } as const;
export type AdminApiName = (typeof adminApiNames)[keyof typeof adminApiNames];

/** Sign-out ends the token on the server: this one only, or every token of the area ("Logg ut overalt"). */
export type SignOutScope = "this" | "everywhere";
export const signOutCall: Record<SignOutScope, string> = { this: "Logout", everywhere: "LogoutAll" };
