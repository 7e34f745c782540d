-- CreateTable
CREATE TABLE "Lead" (
    "id" UUID NOT NULL,
    "firstName" TEXT NOT NULL,
    "lastName" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "phone" TEXT NOT NULL,
    "address" TEXT,
    "city" TEXT,
    "state" TEXT,
    "zipCode" TEXT,
    "status" TEXT NOT NULL DEFAULT 'new',
    "source" TEXT,
    "assignedTo" TEXT,
    "notes" TEXT,
    "searchText" TEXT NOT NULL,
    "phoneDigits" TEXT NOT NULL,
    "ghlContactId" TEXT,
    "ghlSyncStatus" TEXT NOT NULL DEFAULT 'pending',
    "ghlSyncError" TEXT,
    "ghlSyncedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Lead_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Communication" (
    "id" UUID NOT NULL,
    "leadId" UUID NOT NULL,
    "type" TEXT NOT NULL DEFAULT 'note',
    "direction" TEXT NOT NULL DEFAULT 'internal',
    "subject" TEXT,
    "content" TEXT,
    "status" TEXT NOT NULL DEFAULT 'completed',
    "scheduledDate" TEXT,
    "completedDate" TEXT,
    "createdBy" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Communication_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "IntegrationSetting" (
    "provider" TEXT NOT NULL,
    "config" JSONB NOT NULL,
    "secrets" TEXT,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "IntegrationSetting_pkey" PRIMARY KEY ("provider")
);

-- CreateTable
CREATE TABLE "Job" (
    "id" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "runAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lockedAt" TIMESTAMPTZ(3),
    "lastError" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Job_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Lead_createdAt_id_idx" ON "Lead"("createdAt" DESC, "id");

-- CreateIndex
CREATE INDEX "Lead_status_createdAt_idx" ON "Lead"("status", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "Lead_source_createdAt_idx" ON "Lead"("source", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "Communication_leadId_createdAt_idx" ON "Communication"("leadId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "Job_status_runAt_idx" ON "Job"("status", "runAt");

-- AddForeignKey
ALTER TABLE "Communication" ADD CONSTRAINT "Communication_leadId_fkey" FOREIGN KEY ("leadId") REFERENCES "Lead"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Substring search on names, e-mail and phone digits (app/models/lead.server.ts).
-- Declared in schema.prisma too (ops: raw("gin_trgm_ops")), so later diffs leave them alone.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX "Lead_searchText_trgm_idx" ON "Lead" USING GIN ("searchText" gin_trgm_ops);
CREATE INDEX "Lead_phoneDigits_trgm_idx" ON "Lead" USING GIN ("phoneDigits" gin_trgm_ops);
