import { boolean, doublePrecision, integer, pgTable, text } from "drizzle-orm/pg-core";

/** Belt grades; ids are the public contract (`/api/Grade/Get`). `grade` is fractional (8.1 = yellow with a stripe). */
export const grades = pgTable("grades", {
  gradeId: integer("grade_id").primaryKey(),
  name: text("name").notNull(),
  grade: doublePrecision("grade").notNull(),
  isDan: boolean("is_dan").notNull(),
});
