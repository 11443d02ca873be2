import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { envSchema, parseEnv } from "../../app/env.server";

/**
 * The deployment kit (issue 61), checked where it can be without building: these machines reach
 * no container registry, so the Dockerfile and compose.yaml are read, not run.
 */

const root = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

interface Stage {
  name: string;
  lines: string[];
}

/** The Dockerfile's stages and their instructions, continuation lines joined. */
function stages(dockerfile: string): Stage[] {
  const instructions = dockerfile
    .replace(/\\\n\s*/g, " ")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"));
  const found: Stage[] = [];
  for (const line of instructions) {
    const from = /^FROM\s+\S+(?:\s+AS\s+(\S+))?/i.exec(line);
    if (from) found.push({ name: from[1] ?? `stage${found.length}`, lines: [] });
    else found.at(-1)?.lines.push(line);
  }
  return found;
}

describe("the Dockerfile", () => {
  const all = stages(read("Dockerfile"));
  const runtime = all.at(-1);

  it("copies only what exists in the checkout", () => {
    const sources = all
      .flatMap((stage) => stage.lines)
      .filter((line) => /^COPY\s/i.test(line) && !/--from=/i.test(line))
      .flatMap((line) =>
        line
          .replace(/^COPY\s+/i, "")
          .split(/\s+/)
          .slice(0, -1),
      );
    expect(sources.length).toBeGreaterThan(4);
    for (const source of sources) {
      if (source === ".") continue;
      expect(existsSync(path.join(root, source)), source).toBe(true);
    }
  });

  it("runs as a user who is not root, with only production dependencies and the build", () => {
    expect(runtime?.lines.filter((line) => /^USER\s/i.test(line))).toEqual(["USER node"]);
    expect(runtime?.lines.some((line) => /npm (ci|install)/.test(line))).toBe(false);
    const copiedModules = runtime?.lines.find((line) => /node_modules/.test(line)) ?? "";
    const from = /--from=(\S+)/.exec(copiedModules)?.[1];
    const dependencies = all.find((stage) => stage.name === from);
    expect(dependencies?.lines).toContain("RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force");
    expect(runtime?.lines).toContain("COPY --from=build /app/build ./build");
  });

  it("keeps beside the build what the server reads from disk, and the shell's commands", () => {
    // app/db/client.server.ts and app/modules/india/*.server.ts read these at run time.
    const copied = (runtime?.lines ?? []).flatMap((line) => /^COPY (\S+) \.\/(\S+)$/.exec(line)?.[1] ?? []);
    for (const folder of ["app/db/migrations", "app/modules/india/data", "scripts/start.mjs", "scripts/backup.ts"]) {
      expect(
        copied.some((source) => folder === source || folder.startsWith(`${source}/`)),
        folder,
      ).toBe(true);
    }
    // The commands run through tsx, which must be a production dependency.
    const pkg = JSON.parse(read("package.json")) as {
      dependencies: Record<string, string>;
      scripts: Record<string, string>;
    };
    expect(pkg.dependencies.tsx).toBeDefined();
    for (const command of ["store", "backup", "restore", "updates"])
      expect(pkg.scripts[command]).toMatch(/^tsx scripts\//);
  });

  it("starts with the README's start command and checks the server's health", () => {
    expect(read("README.md")).toContain("npm install && npm start");
    expect(runtime?.lines.at(-1)).toBe('CMD ["npm", "start"]');
    expect(runtime?.lines.find((line) => line.startsWith("HEALTHCHECK"))).toContain("/healthz");
  });
});

describe("compose.yaml", () => {
  // The mandi service's environment: NAME: value lines.
  const compose = read("compose.yaml");
  const mandi = compose.slice(compose.indexOf("  mandi:"), compose.indexOf("\n  postgres:"));
  const block = mandi.slice(mandi.indexOf("environment:"), mandi.indexOf("volumes:"));
  const environment = Object.fromEntries(
    [...block.matchAll(/^\s{6}([A-Z][A-Z0-9_]*):\s*"?([^"\n]*)"?$/gm)].map((match) => [match[1], match[2]]),
  );

  it("sets only variables the server reads", () => {
    const names = Object.keys(environment);
    expect(names).toEqual(expect.arrayContaining(["DATABASE_URL", "MEDIA_STORAGE", "S3_ENDPOINT", "SMTP_URL"]));
    for (const name of names) expect(Object.keys(envSchema.shape), name).toContain(name);
  });

  it("is a configuration the server starts with: PostgreSQL, photos in MinIO, email to Mailpit", () => {
    const env = parseEnv(environment);
    expect(env).toMatchObject({
      DATABASE_URL: "postgres://mandi:mandi@postgres:5432/mandi",
      MEDIA_STORAGE: "s3",
      S3_FORCE_PATH_STYLE: true,
      EMAIL_TRANSPORT: "smtp",
    });
    // The services it names are the compose file's own.
    for (const service of ["postgres", "minio", "mailpit"]) expect(compose).toContain(`\n  ${service}:\n`);
  });
});
