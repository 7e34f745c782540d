-- Domain events written with each audited change, delivered by the job worker
-- (docs/adr/0009-domain-events-outbox.md); job dedupe keys and one JobRun per attempt.

-- AlterTable
ALTER TABLE "Job" ADD COLUMN     "dedupeKey" TEXT;

-- CreateTable
CREATE TABLE "JobRun" (
    "id" UUID NOT NULL,
    "jobId" UUID NOT NULL,
    "attempt" INTEGER NOT NULL,
    "startedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMPTZ(3),
    "outcome" TEXT NOT NULL DEFAULT 'running',
    "error" TEXT,

    CONSTRAINT "JobRun_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DomainEvent" (
    "id" UUID NOT NULL,
    "sequence" BIGSERIAL NOT NULL,
    "type" TEXT NOT NULL,
    "entityType" TEXT NOT NULL,
    "entityId" TEXT,
    "actorKind" TEXT NOT NULL,
    "actorUserId" UUID,
    "payload" JSONB,
    "occurredAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "dispatchedAt" TIMESTAMPTZ(3),

    CONSTRAINT "DomainEvent_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "JobRun_jobId_startedAt_idx" ON "JobRun"("jobId", "startedAt");

-- CreateIndex
CREATE UNIQUE INDEX "DomainEvent_sequence_key" ON "DomainEvent"("sequence");

-- CreateIndex
CREATE INDEX "DomainEvent_dispatchedAt_sequence_idx" ON "DomainEvent"("dispatchedAt", "sequence");

-- CreateIndex
CREATE UNIQUE INDEX "Job_dedupeKey_key" ON "Job"("dedupeKey");

-- AddForeignKey
ALTER TABLE "JobRun" ADD CONSTRAINT "JobRun_jobId_fkey" FOREIGN KEY ("jobId") REFERENCES "Job"("id") ON DELETE CASCADE ON UPDATE CASCADE;
