import { createInterface } from "node:readline";
import { openDatabase } from "../../../app/db/client.server";
import { type Actor, moveOrder } from "../../../app/modules/console/fulfilment.server";

/**
 * Confirms orders from a process of its own, for tests/db/invoice-processes.test.ts: it opens
 * the database, says "ready", waits for "go" on stdin so that both processes start together,
 * confirms every order at once and prints how many were confirmed.
 * Arguments: a PostgreSQL URL, the actor as JSON, the order ids separated by commas.
 */
const [url = "", actorJson = "{}", ids = ""] = process.argv.slice(2);
const database = await openDatabase({ kind: "postgres", url });
const actor = JSON.parse(actorJson) as Actor;
process.stdout.write("ready\n");
const lines = createInterface({ input: process.stdin });
for await (const line of lines) if (line === "go") break;
const outcomes = await Promise.all(
  ids.split(",").map((orderId) => moveOrder(database.db, actor, { orderId, to: "Confirmed", seenStatus: "Pending" })),
);
process.stdout.write(`confirmed ${outcomes.filter((outcome) => outcome.ok).length}\n`);
await database.close();
process.exit(0);
