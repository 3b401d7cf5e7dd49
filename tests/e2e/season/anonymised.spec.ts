/**
 * The day the camp's personal data is anonymised: a registration made in the autumn is kept the day before and anonymised on the day (a server restarted over the same data).
 * One day of the season (tests/e2e/support/season.ts); the other days have files of their own beside this one.
 */
import { randomUUID } from "node:crypto";
import { request as playwrightRequest } from "@playwright/test";
import { validDraft } from "../../../src/shared/camp/camp-draft.fixture.ts";
import { adminToken, uniqueSurname } from "../camp-helpers.ts";
import { expect, test } from "../fixtures.ts";
import { season } from "../support/season.ts";
import { migratedDataDirCopy } from "../support/season-servers.ts";
import { startSeasonServer, type SeasonServer } from "../support/server.ts";

test.describe("the day the camp's personal data is anonymised (31 December)", () => {
  const servers: SeasonServer[] = [];
  test.afterEach(async () => {
    for (const server of servers.splice(0)) await server.stop();
  });

  /** A server started at `day` over `dataDir`, and the leader's list of the 2026 camp on it, as text. */
  async function leaderListOn(day: string, dataDir?: string) {
    const server = await startSeasonServer(day, dataDir ?? (await migratedDataDirCopy()));
    servers.push(server);
    const request = await playwrightRequest.newContext({ baseURL: server.url });
    const token = await adminToken(request);
    const list = async () => (await request.get(`/api/VinterleirAdmin/Get/${token}?year=2026`)).text();
    return { server, request, list };
  }

  test("a registration made before the camp is kept until its day and anonymised on it", async () => {
    test.setTimeout(120_000);
    const lastName = uniqueSurname("Glemt");
    const autumn = await leaderListOn(season.afterEarlyBird);
    const registered = await autumn.request.post("/api/Vinterleir/Post", {
      data: validDraft({ draftId: randomUUID(), lastName, email: `${lastName.toLowerCase()}@example.no` }),
    });
    expect(await registered.text()).toBe("Done");
    expect(await autumn.list()).toContain(lastName);
    await autumn.request.dispose();
    await autumn.server.stop();

    // The retention job runs as the server starts: the day before, the family is still there.
    const dayBefore = await leaderListOn(season.beforeAnonymised, autumn.server.dataDir);
    await expect.poll(() => dayBefore.list()).toContain(lastName);
    await dayBefore.request.dispose();
    await dayBefore.server.stop();

    const onTheDay = await leaderListOn(season.anonymised, autumn.server.dataDir);
    await expect.poll(() => onTheDay.list(), { timeout: 15_000 }).not.toContain(lastName);
    expect(await onTheDay.list()).toContain("Anonymisert");
    await onTheDay.request.dispose();
  });
});
