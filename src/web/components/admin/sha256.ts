/** Lowercase hex SHA-256 of the password, what the login call sends instead of the password. */
export async function sha256Hex(text: string): Promise<string> {
  // crypto.subtle exists only in secure contexts (https or localhost).
  if (typeof crypto === "undefined" || !crypto.subtle) {
    throw new Error("Nettleseren kan ikke logge inn over en usikker forbindelse. Bruk https.");
  }
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
