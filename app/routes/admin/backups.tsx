import { useEffect } from "react";
import { data, Form, useActionData, useNavigation, useRevalidator } from "react-router";
import { z } from "zod";
import { ActionMessage } from "../../components/console/action-message";
import { when } from "../../components/console/order-records";
import { BACKUP_MESSAGES } from "../../modules/backups/backups";
import { restartSoon } from "../../modules/backups/backups.server";
import { askForBackup, askForRestore, backupsPage } from "../../modules/console/backups.server";
import { CONSOLE_HEADERS, requireStaff } from "../../modules/console/request.server";
import { readFormBody } from "../../modules/http/json.server";
import { CSRF_FIELD } from "../../modules/security/csrf";
import { FORBIDDEN_MESSAGE } from "../../modules/security/csrf.server";
import { requireStore } from "../../modules/store/require-store.server";
import type { Route } from "./+types/backups";

export const meta: Route.MetaFunction = () => [{ title: "Backups · Console" }, { name: "robots", content: "noindex" }];
export const headers = () => CONSOLE_HEADERS;

const OWNER_ONLY = ["owner"] as const;

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireStaff(request, context, url, OWNER_ONLY);
  requireStore(context);
  const page = await backupsPage(context.db, context.env);
  if (page.engine === "postgres") return { csrf: context.csrf, page };
  return {
    csrf: context.csrf,
    page: {
      ...page,
      backups: page.backups.map((backup) => ({ ...backup, at: backup.at.toISOString() })),
      nextScheduled: page.nextScheduled?.toISOString() ?? null,
    },
  };
}

const backupActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("backup") }),
  z.object({
    intent: z.literal("restore"),
    name: z.string().min(1, "Choose a backup to restore.").max(80),
    confirm: z
      .string()
      .trim()
      .refine((value) => value === "RESTORE", BACKUP_MESSAGES.confirm),
  }),
]);

/** Owners only: Back up now, and Restore (one store's installation, on the embedded database). */
export async function action({ request, context, url }: Route.ActionArgs) {
  const member = await requireStaff(request, context, url, OWNER_ONLY);
  const store = requireStore(context);
  const read = await readFormBody(request, 2 * 1024);
  if (!read.ok) throw read.response;
  if (context.antiForgery.checkForm(request, read.form)) return data({ error: FORBIDDEN_MESSAGE }, { status: 403 });
  const parsed = backupActionSchema.safeParse(Object.fromEntries(read.form));
  if (!parsed.success) {
    return data({ error: parsed.error.issues[0]?.message ?? "Check the form." }, { status: 422 });
  }
  const page = await backupsPage(context.db, context.env);
  if (page.engine === "postgres") return data({ error: BACKUP_MESSAGES.postgres }, { status: 409 });
  const actor = { member, ip: context.clientIp };
  if (parsed.data.intent === "backup") {
    const asked = await askForBackup(context.db, actor, store.id);
    return asked ? { notice: BACKUP_MESSAGES.started } : data({ error: BACKUP_MESSAGES.already }, { status: 409 });
  }
  if (!page.mayRestore) return data({ error: BACKUP_MESSAGES.severalStores }, { status: 403 });
  const { name } = parsed.data;
  if (!(await askForRestore(context.db, actor, context.env.DATA_DIR, name))) {
    return data({ error: BACKUP_MESSAGES.unknown }, { status: 404 });
  }
  context.log.warn("backup restore asked for", { name, staff: member.email });
  if (!restartSoon()) {
    return { notice: `${name} will be restored when Mandi next starts. Restart it to restore now.` };
  }
  return { restoring: name };
}

function size(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** While the server restarts with the restored database: asks until it is ready, then reloads. */
function Restoring({ name }: { name: string }) {
  useEffect(() => {
    let stopped = false;
    const ask = async () => {
      // The old server may still answer for a moment: wait for it to go before trusting /readyz.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      while (!stopped) {
        try {
          if ((await fetch("/readyz", { cache: "no-store" })).ok) {
            window.location.assign("/admin/backups");
            return;
          }
        } catch {}
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    };
    void ask();
    return () => {
      stopped = true;
    };
  }, []);
  return (
    <p className="alert alert--success" role="status">
      Restoring {name}. The store stops for a moment and starts again with the backup's data; this page opens again when
      it is back. You may need to sign in again.
    </p>
  );
}

/** /admin/backups (owners): the embedded database's backups, Back up now, and Restore. */
export default function Backups({ loaderData }: Route.ComponentProps) {
  const { csrf, page } = loaderData;
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const revalidator = useRevalidator();
  const making = page.engine === "pglite" && page.making;
  // While a backup is being made, the list is read again every few seconds until it shows.
  useEffect(() => {
    if (!making) return;
    const timer = setInterval(() => revalidator.revalidate(), 3_000);
    return () => clearInterval(timer);
  }, [making, revalidator]);

  if (page.engine === "postgres") {
    return (
      <>
        <h1>Backups</h1>
        <p>{BACKUP_MESSAGES.postgres}</p>
        <p>To back up, from a machine that reaches the database:</p>
        <pre className="console-code">pg_dump --format=custom --no-owner --file=mandi.dump "$DATABASE_URL"</pre>
        <p>To restore, with every Mandi process stopped, then start them again:</p>
        <pre className="console-code">
          pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" mandi.dump
        </pre>
      </>
    );
  }
  const restoring = answer && "restoring" in answer ? answer.restoring : null;
  return (
    <>
      <h1>Backups</h1>
      <p className="muted">
        Copies of the store's whole database, in the data folder's <code>backups</code>.{" "}
        {page.everyHours > 0
          ? `One is made every ${page.everyHours === 24 ? "day" : `${page.everyHours} hours`}, and the newest ${page.keep} of those are kept${
              page.nextScheduled ? `; the next ${when.format(new Date(page.nextScheduled))}` : ""
            }.`
          : "Scheduled backups are off (BACKUP_EVERY_HOURS=0)."}{" "}
        Copy them off this machine too.
      </p>
      {restoring ? <Restoring name={restoring} /> : <ActionMessage answer={answer} />}
      {page.pending && !restoring ? (
        <p className="alert" role="status">
          {page.pending} will be restored when Mandi next starts.
        </p>
      ) : null}
      <Form method="post" className="backups-now">
        <input type="hidden" name={CSRF_FIELD} value={csrf} />
        <button type="submit" name="intent" value="backup" className="button" disabled={busy || making}>
          {making ? "Backing up…" : "Back up now"}
        </button>
      </Form>
      {page.backups.length === 0 ? (
        <p className="muted">No backup has been made yet.</p>
      ) : (
        <div className="console-table-wrap">
          <table className="console-table">
            <caption className="visually-hidden">Backups, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Made</th>
                <th scope="col">How</th>
                <th scope="col">Size</th>
                <th scope="col">
                  <span className="visually-hidden">Download</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {page.backups.map((backup) => (
                <tr key={backup.name}>
                  <td data-label="Made">
                    <time dateTime={backup.at}>{when.format(new Date(backup.at))}</time>
                  </td>
                  <td data-label="How">{backup.kind === "scheduled" ? "Scheduled" : "By hand"}</td>
                  <td data-label="Size">{size(backup.bytes)}</td>
                  <td data-label="Download">
                    {page.mayRestore ? (
                      <a href={`/admin/backups/${backup.name}`} download>
                        Download
                        <span className="visually-hidden"> the backup of {when.format(new Date(backup.at))}</span>
                      </a>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {page.backups.length > 0 && page.mayRestore ? (
        <section aria-labelledby="restore-heading" className="console-panel backups-restore">
          <h2 id="restore-heading">Restore a backup</h2>
          <p className="muted">
            The store's data now (orders, products, customers, settings) is replaced by the backup's. The database it
            replaces is kept in the data folder, so a wrong restore can be undone from the shell.
          </p>
          <Form method="post" className="console-form">
            <input type="hidden" name={CSRF_FIELD} value={csrf} />
            <label htmlFor="restore-backup">Backup</label>
            <select id="restore-backup" name="name" required>
              {page.backups.map((backup) => (
                <option key={backup.name} value={backup.name}>
                  {when.format(new Date(backup.at))} ({backup.kind === "scheduled" ? "scheduled" : "by hand"},{" "}
                  {size(backup.bytes)})
                </option>
              ))}
            </select>
            <label htmlFor="restore-confirm">Type RESTORE to confirm</label>
            <input id="restore-confirm" name="confirm" autoComplete="off" required />
            <button
              type="submit"
              name="intent"
              value="restore"
              className="button danger"
              disabled={busy || !!restoring}
            >
              Restore this backup
            </button>
          </Form>
        </section>
      ) : null}
      {!page.mayRestore ? <p className="muted">{BACKUP_MESSAGES.severalStores}</p> : null}
    </>
  );
}
