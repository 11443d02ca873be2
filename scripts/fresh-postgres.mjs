// A PostgreSQL database of its own for a test run or a benchmark: created on the server that
// adminUrl points at, and dropped again (even with open connections) by drop().
import { randomBytes } from "node:crypto";
import pg from "pg";

async function run(adminUrl, statement) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function createFreshDatabase(adminUrl, prefix) {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  await run(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => run(adminUrl, `drop database if exists ${name} with (force)`),
  };
}
