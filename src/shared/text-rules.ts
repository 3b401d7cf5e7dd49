/**
 * Characters no form field may hold (hostile input): control characters (PostgreSQL cannot store
 * NUL at all; the others are never typed, only injected) and halves of a UTF-16 pair without the other
 * half (they would be stored as U+FFFD, not as sent). Free text keeps tab and line breaks.
 */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const controlInLine = /[\u0000-\u001F\u007F]/;
const controlInText = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const invalidCharactersMessage = "Teksten inneholder tegn som ikke kan brukes.";

/** True when the value has none of the refused characters (line breaks and tabs only when `multiline`). */
export function hasOnlyUsableCharacters(value: string, { multiline = false }: { multiline?: boolean } = {}): boolean {
  return !(multiline ? controlInText : controlInLine).test(value) && !loneSurrogate.test(value);
}
