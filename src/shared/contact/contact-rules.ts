import { z } from "zod";
import { hasOnlyUsableCharacters, invalidCharactersMessage } from "../text-rules.ts";
import { emailKey } from "./email-key.ts";

/**
 * E-mail and telephone rules shared by every form that collects contact details (camp registration, new
 * members), so a number the camp accepts is accepted everywhere and with the same normalisation.
 */

/** Optional plus, then 8–20 digits (spec §9). */
export const telephoneDigits = { min: 8, max: 20 } as const;
const telephonePattern = new RegExp(`^\\+?\\d{${telephoneDigits.min},${telephoneDigits.max}}$`);

/**
 * One @ with something on both sides and a dot in the domain: the receipt must reach a mailbox. No spaces
 * and no commas — a comma means two addresses typed into one field (spec §5, new member).
 */
const emailPattern = /^[^\s@,]+@[^\s@,]+\.[^\s@,]+$/;
export const emailMaxLength = 254;

/** Trimmed, required, within the length limit and of the e-mail shape. */
export function emailSchema(messages: { required: string; invalid: string }) {
  return (
    z
      .string({ error: messages.required })
      .trim()
      .min(1, messages.required)
      .max(emailMaxLength, `Eposten kan ha høyst ${emailMaxLength} tegn.`)
      .regex(emailPattern, messages.invalid)
      .refine((value) => hasOnlyUsableCharacters(value), invalidCharactersMessage)
      // The domain must be one the address can be compared by (email-key.ts): a real host name.
      .refine((value) => emailKey(value) !== undefined, messages.invalid)
  );
}

/** People type "912 34 567"; the spaces are dropped before the digits are counted (and stored). */
export function telephoneSchema(messages: { required: string; invalid: string }) {
  return z
    .string({ error: messages.required })
    .trim()
    .overwrite((value) => value.replace(/\s+/g, ""))
    .min(1, messages.required)
    .regex(telephonePattern, messages.invalid);
}
