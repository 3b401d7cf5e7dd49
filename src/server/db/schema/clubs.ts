import { integer, pgTable, text } from "drizzle-orm/pg-core";

/** Taekwondo clubs a camp participant can belong to; ids are the public contract (`/api/Club/Get`). */
export const clubs = pgTable("clubs", {
  clubId: integer("club_id").primaryKey(),
  name: text("name").notNull(),
});
