import type { Db } from "../../db/client.server";
import { discardJobs, retryJobs } from "../jobs/queue.server";
import { type Actor, writeAudit } from "./fulfilment.server";

/**
 * The owner's Retry and Discard on the Jobs page, each recorded in the audit log with the job
 * it touched. A job of another store is neither touched nor recorded.
 */
export async function changeJob(db: Db, actor: Actor, jobId: string, to: "retry" | "discard"): Promise<boolean> {
  return db.transaction(async (tx) => {
    const storeId = actor.member.storeId;
    const changed = to === "retry" ? await retryJobs(tx, storeId, [jobId]) : await discardJobs(tx, storeId, [jobId]);
    if (changed === 0) return false;
    await writeAudit(tx, actor, {
      action: to === "retry" ? "job.retry" : "job.discard",
      entity: "job",
      entityId: jobId,
      before: null,
      after: null,
    });
    return true;
  });
}
