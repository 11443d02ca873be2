import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import { backupPath } from "../../modules/backups/backups.server";
import { storeCount } from "../../modules/console/backups.server";
import { CONSOLE_HEADERS, requireStaff } from "../../modules/console/request.server";
import { requireStore } from "../../modules/store/require-store.server";
import type { Route } from "./+types/backup-download";

/**
 * /admin/backups/:name: one backup of the embedded database, for its owner to copy off the
 * machine. A backup holds every store of the installation, so only the owner of its one store
 * may take it.
 */
export async function loader({ request, context, url, params }: Route.LoaderArgs) {
  const member = await requireStaff(request, context, url, ["owner"]);
  requireStore(context);
  const file = context.env.DATABASE_URL ? null : backupPath(context.env.DATA_DIR, params.name);
  if (!file) throw new Response("There is no such backup.", { status: 404 });
  if ((await storeCount(context.db)) > 1) {
    throw new Response("This installation's backups hold several stores: ask whoever runs it.", { status: 403 });
  }
  context.log.info("backup downloaded", { name: params.name, staff: member.email });
  return new Response(Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>, {
    headers: {
      ...CONSOLE_HEADERS,
      "Content-Type": "application/gzip",
      "Content-Disposition": `attachment; filename="${params.name}"`,
    },
  });
}
