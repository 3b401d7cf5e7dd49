/** Dedupe keys of the "Min påmelding" mails: `camp-self:{registrationId}:{what}` (retention deletes them by the id). */
export const selfServiceMailPrefix = "camp-self:";
export const selfServiceMailKey = (registrationId: number, what: string) => `${selfServiceMailPrefix}${registrationId}:${what}`;
