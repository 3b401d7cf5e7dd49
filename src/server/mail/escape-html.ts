const replacements: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** For every piece of user text that goes into HTML (mail bodies, the development mail page). */
export function escapeHtml(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (char) => replacements[char]!);
}
