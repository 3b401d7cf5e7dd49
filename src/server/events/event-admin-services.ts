/**
 * The leader's and the door's services of the club's events, built once by the feature's registration
 * (event-routes.ts) from named dependencies, as event-services.ts is.
 */
import { campSlugPattern, type EventDefinition } from "../../shared/events/event-definition.ts";
import type { EventDoorAction } from "../../shared/events/event-door.ts";
import type { CampAccountView } from "../admin-auth/camp-account.ts";
import { copyCampEdition, loadEdition } from "../camp/camp-editions.ts";
import { HttpError } from "../errors.ts";
import { adminEvents } from "./event-admin-list.ts";
import { copyEvent, publishEvent, putEvent } from "./event-admin-edit.ts";
import { eventAdminMessages, eventMoney, eventParticipantList } from "./event-admin.ts";
import { eventChangeLog } from "./event-changes.ts";
import { eventCsv } from "./event-csv.ts";
import type { EventDeps } from "./event-deps.ts";
import { eventDoorAction, eventDoorList } from "./event-door.ts";
import { eventBySlug } from "./event-store.ts";
import { eventXlsx } from "./event-xlsx.ts";
import { readInOneSnapshot } from "../db/one-snapshot.ts";

export interface EventAdminServiceDeps extends EventDeps {
  /** Offers an event's free places to its waiting list (event-services.ts). */
  offerPlaces: (eventId: number) => Promise<void>;
  kickWaitlist: () => void;
}

const weekMs = 7 * 86_400_000;

export function createEventAdminServices(deps: EventAdminServiceDeps) {
  const { db, now } = deps;

  /**
   * A changed event may have more places (a raised capacity, a later close): its waiting list gets them at
   * once. The change is stored whatever happens here; the job tries again within seconds if this fails.
   */
  const offerFreedPlaces = async (slug: string) => {
    try {
      const row = await eventBySlug(db, slug);
      if (row) await deps.offerPlaces(row.id);
    } catch (error) {
      deps.log.warn({ err: error instanceof Error ? error.message : String(error) }, "event waiting-list offers after a change failed");
      deps.kickWaitlist();
    }
  };

  /** The event's participants for a download; 404 for an unknown address. */
  const exportable = async (slug: string) => {
    // The event's questions make the columns; its answers fill them: both from one moment.
    const { row, list } = await readInOneSnapshot(db, async (reader) => {
      const row = await eventBySlug(reader, slug);
      return { row, list: row ? await eventParticipantList(reader, row.slug, now()) : undefined };
    });
    if (!row || !list) throw new HttpError(404, eventAdminMessages.notFound);
    return { row, list };
  };

  return {
    list: () => adminEvents(db, now()),

    /** Create or replace (with `createOnly`, a new event's form, never replace). */
    async save(slug: string, event: EventDefinition, account: string, createOnly: boolean): Promise<{ slug: string; created: boolean }> {
      const { created } = await putEvent(db, slug, event, now(), { account, createOnly });
      if (!created) await offerFreedPlaces(slug);
      return { slug, created };
    },

    publish: (slug: string, account: string) => publishEvent(db, slug, account, now()),

    /** A copy `weeks` later; a winter camp is copied as a camp edition, its dates moved by whole weeks into the new year. */
    async copy(fromSlug: string, toSlug: string, weeks: number, account: string): Promise<{ slug: string; weeks: number }> {
      const [fromCamp, toCamp] = [campSlugPattern.exec(fromSlug), campSlugPattern.exec(toSlug)];
      if (fromCamp && toCamp) {
        const copy = await copyCampEdition(db, Number(fromCamp[1]), Number(toCamp[1]), { account, now: now() });
        const from = (await loadEdition(db, Number(fromCamp[1])))!.data.firstDay;
        return { slug: toSlug, weeks: Math.round((Date.parse(copy.data.firstDay) - Date.parse(from)) / weekMs) };
      }
      await copyEvent(db, fromSlug, toSlug, weeks, account, now());
      return { slug: toSlug, weeks };
    },

    /** Who changed what and when: one entry per save, publish or copy, oldest first. */
    async changes(slug: string) {
      const log = await eventChangeLog(db, slug);
      if (!log) throw new HttpError(404, eventAdminMessages.notFound);
      return log;
    },

    async participants(slug: string) {
      const list = await readInOneSnapshot(db, (reader) => eventParticipantList(reader, slug, now()));
      if (!list) throw new HttpError(404, eventAdminMessages.notFound);
      return list;
    },

    async money(slug: string) {
      const money = await readInOneSnapshot(db, (reader) => eventMoney(reader, slug));
      if (!money) throw new HttpError(404, eventAdminMessages.notFound);
      return money;
    },

    async xlsx(slug: string) {
      const { row, list } = await exportable(slug);
      return { name: `${row.slug}.xlsx`, body: await eventXlsx(row.definition, list) };
    },

    async csv(slug: string) {
      const { row, list } = await exportable(slug);
      return { name: `${row.slug}.csv`, body: eventCsv(row.definition, list) };
    },

    doorList: (slug: string) => eventDoorList(db, slug, now()),
    doorAction: (slug: string, action: EventDoorAction, account: CampAccountView) => eventDoorAction(db, slug, action, account, now()),
  };
}

export type EventAdminServices = ReturnType<typeof createEventAdminServices>;
