-- CreateTable
CREATE TABLE "EsignRequest" (
    "id" UUID NOT NULL,
    "leadId" UUID,
    "provider" TEXT NOT NULL,
    "providerRequestId" TEXT,
    "templateId" TEXT NOT NULL,
    "templateName" TEXT,
    "title" TEXT NOT NULL,
    "message" TEXT,
    "expirationDays" INTEGER NOT NULL,
    "expiresAt" TIMESTAMPTZ(3),
    "recipientName" TEXT NOT NULL,
    "recipientEmail" TEXT NOT NULL,
    "recipientPhone" TEXT,
    "formData" JSONB,
    "sentById" UUID,
    "status" TEXT NOT NULL DEFAULT 'sending',
    "isTest" BOOLEAN NOT NULL DEFAULT false,
    "lastError" TEXT,
    "sendAttempts" INTEGER NOT NULL DEFAULT 0,
    "signedDocumentId" UUID,
    "sentAt" TIMESTAMPTZ(3),
    "viewedAt" TIMESTAMPTZ(3),
    "signedAt" TIMESTAMPTZ(3),
    "completedAt" TIMESTAMPTZ(3),
    "declinedAt" TIMESTAMPTZ(3),
    "expiredAt" TIMESTAMPTZ(3),
    "cancelledAt" TIMESTAMPTZ(3),
    "lastReminderAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "EsignRequest_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EsignRequestEvent" (
    "id" UUID NOT NULL,
    "requestId" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "detail" TEXT,
    "providerEventId" TEXT,
    "occurredAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EsignRequestEvent_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "EsignRequest_createdAt_id_idx" ON "EsignRequest"("createdAt" DESC, "id");

-- CreateIndex
CREATE INDEX "EsignRequest_leadId_createdAt_idx" ON "EsignRequest"("leadId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "EsignRequest_status_createdAt_idx" ON "EsignRequest"("status", "createdAt" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "EsignRequest_provider_providerRequestId_key" ON "EsignRequest"("provider", "providerRequestId");

-- CreateIndex
CREATE INDEX "EsignRequestEvent_requestId_occurredAt_idx" ON "EsignRequestEvent"("requestId", "occurredAt");

-- AddForeignKey
ALTER TABLE "EsignRequest" ADD CONSTRAINT "EsignRequest_leadId_fkey" FOREIGN KEY ("leadId") REFERENCES "Lead"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EsignRequest" ADD CONSTRAINT "EsignRequest_sentById_fkey" FOREIGN KEY ("sentById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EsignRequest" ADD CONSTRAINT "EsignRequest_signedDocumentId_fkey" FOREIGN KEY ("signedDocumentId") REFERENCES "Document"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EsignRequestEvent" ADD CONSTRAINT "EsignRequestEvent_requestId_fkey" FOREIGN KEY ("requestId") REFERENCES "EsignRequest"("id") ON DELETE CASCADE ON UPDATE CASCADE;
