/**
 * npm run updates -- list
 * npm run updates -- add --title "Title" [--body "Text"]
 * npm run updates -- remove <id>
 *
 * The installation's news, shown on /updates to every store's visitors and to businesses that
 * want a store on this installation (issue 60).
 */
import { addUpdate, listUpdates, removeUpdate, updateSchema } from "../app/modules/installation/updates.server";
import { fail, openFromEnv, parseArgs, readEnv } from "./cli";

const USAGE = `Usage:
  npm run updates -- list
  npm run updates -- add --title "Title" [--body "Text"]
  npm run updates -- remove <id>`;

const { options, positional } = parseArgs(process.argv.slice(2));
const [command, ...rest] = positional;
if (!command || options.has("help")) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(command ? 0 : 1);
}

const database = await openFromEnv(readEnv());
try {
  switch (command) {
    case "list": {
      const updates = await listUpdates(database.db);
      if (updates.length === 0) process.stdout.write("No updates yet.\n");
      for (const u of updates) process.stdout.write(`${u.id}\t${u.publishedAt.slice(0, 10)}\t${u.title}\n`);
      break;
    }
    case "add": {
      const title = options.get("title");
      const body = options.get("body");
      const parsed = updateSchema.safeParse({
        title: typeof title === "string" ? title : "",
        body: typeof body === "string" ? body : "",
      });
      if (!parsed.success) fail(`${parsed.error.issues[0]?.message ?? "Not an update."}\n${USAGE}`);
      const added = await addUpdate(database.db, parsed.data);
      process.stdout.write(`Added ${added.id}: ${added.title}\n`);
      break;
    }
    case "remove": {
      const [id] = rest;
      if (!id) fail(`Give the update's id (npm run updates -- list).\n${USAGE}`);
      if (!(await removeUpdate(database.db, id))) fail(`No update ${id}.`);
      process.stdout.write(`Removed ${id}.\n`);
      break;
    }
    default:
      fail(`Unknown command "${command}".\n${USAGE}`);
  }
} finally {
  await database.close();
}
