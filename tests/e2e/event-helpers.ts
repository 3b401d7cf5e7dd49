/** What the events' browser tests share: a grading made and published through the admin API, and a registration for it. */
import { randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { expect } from "./fixtures.ts";
import { daysAfter, season } from "./support/season.ts";

/** A calendar date `offsetDays` after the suite's day (YYYY-MM-DD). */
export const day = (offsetDays: number, from: string = season.beforeEarlyBird) => daysAfter(from, offsetDays).toISOString().slice(0, 10);

/**
 * A home-club cup grading for ages 7–12 in 20 days (or `firstDayIn`) from the server's day (`from`, the suite's
 * own by default), open since an hour before it for five days, 350 kr.
 */
export function grading(
  title: string,
  { capacity = 2, firstDayIn = 20, from = season.beforeEarlyBird }: { capacity?: number; firstDayIn?: number; from?: string } = {},
) {
  return {
    kind: "gradering",
    title,
    firstDay: day(firstDayIn, from),
    lastDay: day(firstDayIn, from),
    venue: "Ski Taekwondo Klubb",
    registrationOpensAt: new Date(Date.parse(from) - 3600_000).toISOString(),
    registrationClosesAt: daysAfter(from, 5).toISOString(),
    capacity,
    price: 350,
    startTime: "10:00",
    homeClubOnly: true,
    minAge: 7,
    maxAge: 12,
    minGradeId: 1,
    maxGradeId: 13,
  };
}

/** Creates the event of `slug` with a leader's `token` and publishes it. */
export async function publishEvent(request: APIRequestContext, token: string, slug: string, definition: object) {
  const put = await request.put(`/api/ArrangementAdmin/Put/${slug}/${token}`, { data: definition });
  expect(put.status(), await put.text()).toBe(201);
  expect((await request.post(`/api/ArrangementAdmin/Publish/${slug}/${token}`)).status()).toBe(200);
}

/** One utøver of the home club registered by `contact` (card/cash); answers the server's text («Done», «Venteliste»). */
export async function registerForEvent(
  request: APIRequestContext,
  slug: string,
  contact: { firstName: string; lastName: string; email: string },
  participants: { firstName: string; lastName: string }[] = [contact],
): Promise<string> {
  const post = await request.post(`/api/Arrangement/Post/${slug}`, {
    data: {
      draftId: randomUUID(),
      dataConsent: true,
      termsAccepted: true,
      contact: { ...contact, telephone: "91234567" },
      participants: participants.map((person) => ({ ...person, age: 9, clubId: 29, gradeId: 4, answers: {} })),
      items: [],
      vipps: false,
    },
  });
  return post.text();
}
