import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";

/**
 * The installation's news (/updates, issue 60): what the operator of this Mandi installation
 * tells every store and every business thinking of opening one. Not a store's: no store_id.
 */
export const installationUpdates = pgTable(
  "installation_updates",
  {
    id: id(),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index("installation_updates_published").on(t.publishedAt.desc())],
);
