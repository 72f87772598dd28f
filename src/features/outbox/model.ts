/** A job for an outside system with its delivery state (docs/api/outbox.md). */
export type DeliveryStatus = "queued" | "sending" | "sent" | "failed" | "dead";

export interface Delivery {
  id: number;
  system: string;
  status: DeliveryStatus;
  /** false: the system has no address, so the job stays queued. */
  configured: boolean;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  nextAttemptAt: string | null;
  sentAt: string | null;
}

export interface OutboxJob extends Delivery {
  topic: string;
  payload: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

/** `/api/v2/outbox-jobs`, read through the REST data provider. */
export const OUTBOX_REST = { resource: "outbox-jobs", dataProviderName: "rest" } as const;

/** Only a failed or dead job is put back in the queue. */
export const canRetry = (job: Pick<Delivery, "status">) => job.status === "failed" || job.status === "dead";

/** Jobs still on their way: a screen showing them reads again now and then. */
export const inFlight = (jobs: readonly Delivery[]) => jobs.some((j) => j.configured && (j.status === "queued" || j.status === "sending" || j.status === "failed"));
