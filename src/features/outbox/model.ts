import type { RowOf } from "../../api";
import { ON_REST } from "../../providers/rest";

/** A job for an outside system with its delivery state (docs/api/outbox.md); `payload` is what the system is sent. */
export type OutboxJob = RowOf<"/api/v2/outbox-jobs">;
export type DeliveryStatus = OutboxJob["status"];

/** The delivery state, as the order and product screens show it beside their own jobs. */
export type Delivery = Pick<
  OutboxJob,
  "id" | "system" | "status" | "configured" | "attempts" | "maxAttempts" | "lastError" | "nextAttemptAt" | "sentAt"
>;

/** `/api/v2/outbox-jobs`, read through the REST data provider. */
export const OUTBOX_REST = { resource: "outbox-jobs", ...ON_REST } as const;

/** Only a failed or dead job is put back in the queue. */
export const canRetry = (job: Pick<Delivery, "status">) => job.status === "failed" || job.status === "dead";

/** Jobs still on their way: a screen showing them reads again now and then. */
export const inFlight = (jobs: readonly Delivery[]) =>
  jobs.some((j) => j.configured && (j.status === "queued" || j.status === "sending" || j.status === "failed"));
