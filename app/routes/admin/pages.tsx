import { eq } from "drizzle-orm";
import { data, Form, Link, useNavigation } from "react-router";
import { ActionMessage } from "../../components/console/action-message";
import { storePages } from "../../db/schema";
import { savePolicyText } from "../../modules/console/policy-pages.server";
import { CONSOLE_HEADERS, requireStaff } from "../../modules/console/request.server";
import { readFormBody } from "../../modules/http/json.server";
import { CSRF_FIELD } from "../../modules/security/csrf";
import { FORBIDDEN_MESSAGE } from "../../modules/security/csrf.server";
import { MAX_POLICY_CHARACTERS, POLICY_PAGES, policyPage } from "../../modules/store/policy-pages";
import { policyHtml } from "../../modules/store/policy-pages.server";
import { requireStore } from "../../modules/store/require-store.server";
import type { Route } from "./+types/pages";

export const meta: Route.MetaFunction = () => [
  { title: "Policy pages · Console" },
  { name: "robots", content: "noindex" },
];
export const headers = () => CONSOLE_HEADERS;

const OWNER_ONLY = ["owner"] as const;

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireStaff(request, context, url, OWNER_ONLY);
  const store = requireStore(context);
  const own = await context.db
    .select({ slug: storePages.slug, body: storePages.body })
    .from(storePages)
    .where(eq(storePages.storeId, store.id));
  const chosen = policyPage(url.searchParams.get("page") ?? undefined);
  return {
    csrf: context.csrf,
    pages: POLICY_PAGES.map((page) => ({ ...page, own: own.some((row) => row.slug === page.slug) })),
    chosen: chosen ? { ...chosen, body: own.find((row) => row.slug === chosen.slug)?.body ?? "" } : null,
  };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const member = await requireStaff(request, context, url, OWNER_ONLY);
  const read = await readFormBody(request, MAX_POLICY_CHARACTERS * 4 + 8 * 1024);
  if (!read.ok) throw read.response;
  if (context.antiForgery.checkForm(request, read.form)) return data({ error: FORBIDDEN_MESSAGE }, { status: 403 });
  const page = policyPage(String(read.form.get("page") ?? ""));
  if (!page) return data({ error: "Choose one of the store's policy pages." }, { status: 422 });
  const body = String(read.form.get("body") ?? "")
    .replace(/\r\n/g, "\n")
    .trim();
  const actor = { member, ip: context.clientIp };
  const intent = read.form.get("intent");
  if (intent === "reset") {
    await savePolicyText(context.db, actor, page.slug, null);
    return { notice: `${page.title} shows the built-in text again.`, reset: true };
  }
  if (body.length > MAX_POLICY_CHARACTERS) {
    return data(
      { error: `Keep the text to ${MAX_POLICY_CHARACTERS.toLocaleString("en-IN")} characters.`, body },
      { status: 422 },
    );
  }
  if (intent === "preview") return { preview: policyHtml(body), body };
  if (body === "")
    return data({ error: "Write the page's text, or choose Use the built-in text.", body }, { status: 422 });
  await savePolicyText(context.db, actor, page.slug, body);
  return { notice: `Saved. ${page.title} shows your text now.`, body };
}

/** /admin/pages (owners): the store's policy pages, each with its own text in Markdown or the built-in one (issue 56). */
export default function Pages({ loaderData, actionData }: Route.ComponentProps) {
  const { csrf, pages, chosen } = loaderData;
  const busy = useNavigation().state === "submitting";
  const answer = (actionData ?? {}) as { body?: string; preview?: string; reset?: boolean };
  return (
    <>
      <h1>Policy pages</h1>
      <p className="muted">
        The pages the store's footer links to. Each shows the built-in text, with the business profile's names and
        contact, until you write its own.
      </p>
      <ul className="console-shelves">
        {pages.map((page) => (
          <li key={page.slug} className="console-shelf console-shelf__row">
            <span className="console-shelf__name">
              <Link to={`/admin/pages?page=${page.slug}`}>{page.title}</Link>{" "}
              <span className="muted">{page.own ? "Your text" : "Built-in text"}</span>
            </span>
            <a href={`/policy/${page.slug}`} target="_blank" rel="noopener">
              View {page.title}
            </a>
          </li>
        ))}
      </ul>
      <ActionMessage answer={actionData} />
      {chosen ? (
        <Form
          method="post"
          className="console-step console-step--wide console-settings"
          key={`${chosen.slug}-${answer.reset ? "reset" : ""}`}
        >
          <h2>{chosen.title}</h2>
          <input type="hidden" name={CSRF_FIELD} value={csrf} />
          <input type="hidden" name="page" value={chosen.slug} />
          <label htmlFor="body">Text</label>
          <textarea
            id="body"
            name="body"
            rows={18}
            defaultValue={answer.reset ? "" : (answer.body ?? chosen.body)}
            maxLength={50_000}
            aria-describedby="body-hint"
          />
          <p id="body-hint" className="muted">
            Markdown: a line starting with ## is a heading, - starts a list item, **bold**, [a link](https://…). The
            contact block and the date are added below it.
          </p>
          <p className="console-row-buttons">
            <button type="submit" name="intent" value="preview" className="button secondary" disabled={busy}>
              Preview
            </button>
            <button type="submit" name="intent" value="save" className="button" disabled={busy}>
              Save page
            </button>
            {chosen.body ? (
              <button type="submit" name="intent" value="reset" className="text-button" disabled={busy}>
                Use the built-in text
              </button>
            ) : null}
          </p>
        </Form>
      ) : null}
      {answer.preview !== undefined ? (
        <section aria-labelledby="preview-heading" className="console-panel policy">
          <h2 id="preview-heading">Preview</h2>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: micromark's safe HTML, made on the server from Markdown. */}
          <div dangerouslySetInnerHTML={{ __html: answer.preview }} />
        </section>
      ) : null}
    </>
  );
}
