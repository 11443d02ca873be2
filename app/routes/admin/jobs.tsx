import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { z } from "zod";
import { ActionMessage } from "../../components/console/action-message";
import { when } from "../../components/console/order-records";
import { changeJob } from "../../modules/console/jobs.server";
import { CONSOLE_HEADERS, requireStaff } from "../../modules/console/request.server";
import { readFormBody } from "../../modules/http/json.server";
import { JOB_STATE_LABELS, jobKindLabel } from "../../modules/jobs/kinds";
import { countJobs, type JobListView, listJobs } from "../../modules/jobs/queue.server";
import { CSRF_FIELD } from "../../modules/security/csrf";
import { FORBIDDEN_MESSAGE } from "../../modules/security/csrf.server";
import { requireStore } from "../../modules/store/require-store.server";
import type { Route } from "./+types/jobs";

export const meta: Route.MetaFunction = () => [{ title: "Jobs · Console" }, { name: "robots", content: "noindex" }];
export const headers = () => CONSOLE_HEADERS;

const OWNER_ONLY = ["owner"] as const;
const VIEWS: { view: JobListView; label: string }[] = [
  { view: "failing", label: "Failing" },
  { view: "dead", label: "Dead" },
  { view: "recent", label: "Recent" },
];

function readView(value: string | null): JobListView {
  return value === "dead" || value === "recent" ? value : "failing";
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireStaff(request, context, url, OWNER_ONLY);
  const storeId = requireStore(context).id;
  const view = readView(url.searchParams.get("view"));
  const [rows, counts] = await Promise.all([listJobs(context.db, storeId, view), countJobs(context.db, storeId)]);
  return {
    view,
    counts,
    csrf: context.csrf,
    jobs: rows.map((job) => ({
      id: job.id,
      kind: jobKindLabel(job.kind, job.payload),
      state: job.state,
      attempts: job.attempts,
      maxAttempts: job.maxAttempts,
      error: job.lastError,
      createdAt: job.createdAt.toISOString(),
      runAt: job.runAt.toISOString(),
      finishedAt: job.finishedAt?.toISOString() ?? null,
    })),
  };
}

const jobActionSchema = z.object({
  intent: z.enum(["retry", "discard"], { message: "Choose Retry or Discard." }),
  jobId: z.string().uuid("Reload the page."),
});

/** Owners only: try a failing or dead job again now, or end it without running it. */
export async function action({ request, context, url }: Route.ActionArgs) {
  const member = await requireStaff(request, context, url, OWNER_ONLY);
  const read = await readFormBody(request, 2 * 1024);
  if (!read.ok) throw read.response;
  if (context.antiForgery.checkForm(request, read.form)) return data({ error: FORBIDDEN_MESSAGE }, { status: 403 });
  const parsed = jobActionSchema.safeParse(Object.fromEntries(read.form));
  if (!parsed.success) return data({ error: parsed.error.issues[0]?.message ?? "Check the form." }, { status: 422 });
  const { intent, jobId } = parsed.data;
  const changed = await changeJob(context.db, { member, ip: context.clientIp }, jobId, intent);
  if (!changed) return data({ error: "That job has already run or ended. Reload the page." }, { status: 409 });
  return {
    notice: intent === "retry" ? "The job will run again in a moment." : "The job is discarded and will not run.",
  };
}

type JobView = Route.ComponentProps["loaderData"]["jobs"][number];

/** Retry and Discard are for dead jobs and those waiting after a failure. */
const canChange = (job: JobView) => job.state === "dead" || (job.state === "queued" && job.error !== null);

/** When a waiting job runs next, when an ended one ended, or when a running one was written. */
function JobTime({ job }: { job: JobView }) {
  const [words, at] =
    job.state === "queued"
      ? ["Next try", job.runAt]
      : job.finishedAt
        ? ["Ended", job.finishedAt]
        : ["Written", job.createdAt];
  return (
    <span>
      {words} <time dateTime={at}>{when.format(new Date(at))}</time>
    </span>
  );
}

/** /admin/jobs (owners): the background work, what failed and why, with Retry and Discard. */
export default function Jobs({ loaderData }: Route.ComponentProps) {
  const { view, counts, jobs, csrf } = loaderData;
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const countOf = { failing: counts.failing, dead: counts.dead, recent: null } as const;
  return (
    <>
      <h1>Jobs</h1>
      <p className="muted">
        Background work: payment checks, housekeeping and messages. {counts.queued} waiting, {counts.running} running.
      </p>
      <nav aria-label="Which jobs" className="console-tabs">
        {VIEWS.map((tab) => (
          <Link
            key={tab.view}
            to={`/admin/jobs?view=${tab.view}`}
            aria-current={tab.view === view ? "page" : undefined}
          >
            {tab.label}
            {countOf[tab.view] !== null ? <span className="count">{countOf[tab.view]}</span> : null}
          </Link>
        ))}
      </nav>
      <ActionMessage answer={answer} />
      {jobs.length === 0 ? (
        <p className="muted">
          {view === "failing" ? "No job is failing." : view === "dead" ? "No job is dead." : "No job has run yet."}
        </p>
      ) : (
        <div className="console-table-wrap">
          <table className="console-table">
            <caption className="visually-hidden">Jobs, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Job</th>
                <th scope="col">State</th>
                <th scope="col">Tries</th>
                <th scope="col">When</th>
                <th scope="col">Error</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {jobs.map((job) => (
                <tr key={job.id}>
                  <td data-label="Job" className="console-long-text">
                    {job.kind}
                  </td>
                  <td data-label="State">{JOB_STATE_LABELS[job.state]}</td>
                  <td data-label="Tries">
                    {job.attempts} of {job.maxAttempts}
                  </td>
                  <td data-label="When">
                    <JobTime job={job} />
                  </td>
                  <td data-label="Error" className="console-long-text">
                    {job.error ?? "—"}
                  </td>
                  <td data-label="Actions">
                    {canChange(job) ? (
                      <div className="console-row-buttons">
                        <Form method="post">
                          <input type="hidden" name={CSRF_FIELD} value={csrf} />
                          <input type="hidden" name="jobId" value={job.id} />
                          <button type="submit" name="intent" value="retry" className="button small" disabled={busy}>
                            Retry
                          </button>
                        </Form>
                        <Form method="post">
                          <input type="hidden" name={CSRF_FIELD} value={csrf} />
                          <input type="hidden" name="jobId" value={job.id} />
                          <button
                            type="submit"
                            name="intent"
                            value="discard"
                            className="button secondary small"
                            disabled={busy}
                          >
                            Discard
                          </button>
                        </Form>
                      </div>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
