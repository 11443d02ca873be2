import { InstallationFrame } from "../components/installation-frame";
import { listUpdates } from "../modules/installation/updates.server";
import type { Route } from "./+types/updates";

/** /updates (issue 60): the installation's news, newest first; the operator adds them with `npm run updates`. */
export async function loader({ context }: Route.LoaderArgs) {
  return { updates: await listUpdates(context.db) };
}

const dateFormat = new Intl.DateTimeFormat("en-IN", { dateStyle: "long", timeZone: "Asia/Kolkata" });

export default function Updates({ loaderData }: Route.ComponentProps) {
  const { updates } = loaderData;
  return (
    <InstallationFrame title="Updates">
      <h1>Updates</h1>
      {updates.length === 0 ? (
        <div className="empty-state">
          <h2>No updates yet</h2>
          <p>News from the operator of this installation will appear here.</p>
        </div>
      ) : (
        <ol className="updates" aria-label="Updates, newest first">
          {updates.map((update) => (
            <li key={update.id}>
              <article aria-labelledby={`update-${update.id}`}>
                <h2 id={`update-${update.id}`}>{update.title}</h2>
                <p className="muted small">
                  <time dateTime={update.publishedAt}>{dateFormat.format(new Date(update.publishedAt))}</time>
                </p>
                {update.body
                  .split(/\n\s*\n/)
                  .filter((paragraph) => paragraph.trim() !== "")
                  .map((paragraph) => (
                    <p key={paragraph.slice(0, 40)}>{paragraph.trim()}</p>
                  ))}
              </article>
            </li>
          ))}
        </ol>
      )}
      <p>
        <a href="/create-store">Open your own store</a>
      </p>
    </InstallationFrame>
  );
}
