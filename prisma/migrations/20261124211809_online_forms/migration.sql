-- CreateTable
CREATE TABLE "OnlineForm" (
    "id" UUID NOT NULL,
    "title" TEXT NOT NULL,
    "sourceFileName" TEXT,
    "fields" JSONB NOT NULL,
    "totalPages" INTEGER NOT NULL DEFAULT 1,
    "fallbackFields" BOOLEAN NOT NULL DEFAULT false,
    "extractedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "formType" TEXT NOT NULL DEFAULT 'intake',
    "status" TEXT NOT NULL DEFAULT 'draft',
    "provider" TEXT NOT NULL DEFAULT 'portal',
    "externalFormId" TEXT,
    "externalFormUrl" TEXT,
    "externalEditUrl" TEXT,
    "webhookId" TEXT NOT NULL,
    "webhookConfigured" BOOLEAN NOT NULL DEFAULT false,
    "createdById" UUID,
    "publishedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "OnlineForm_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FormSubmission" (
    "id" UUID NOT NULL,
    "formId" UUID,
    "leadId" UUID,
    "leadEmail" TEXT,
    "formType" TEXT NOT NULL DEFAULT 'intake',
    "status" TEXT NOT NULL DEFAULT 'sent',
    "emailSent" BOOLEAN NOT NULL DEFAULT false,
    "tokenHash" TEXT,
    "tokenCiphertext" TEXT,
    "expiresAt" TIMESTAMPTZ(3),
    "sentAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "viewedAt" TIMESTAMPTZ(3),
    "completedAt" TIMESTAMPTZ(3),
    "submissionData" JSONB,
    "signatureName" TEXT,
    "signedAt" TIMESTAMPTZ(3),
    "externalSubmissionId" TEXT,
    "appliedToLeadAt" TIMESTAMPTZ(3),
    "sentById" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "FormSubmission_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "OnlineForm_externalFormId_key" ON "OnlineForm"("externalFormId");

-- CreateIndex
CREATE UNIQUE INDEX "OnlineForm_webhookId_key" ON "OnlineForm"("webhookId");

-- CreateIndex
CREATE INDEX "OnlineForm_status_createdAt_idx" ON "OnlineForm"("status", "createdAt" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "FormSubmission_tokenHash_key" ON "FormSubmission"("tokenHash");

-- CreateIndex
CREATE UNIQUE INDEX "FormSubmission_externalSubmissionId_key" ON "FormSubmission"("externalSubmissionId");

-- CreateIndex
CREATE INDEX "FormSubmission_createdAt_id_idx" ON "FormSubmission"("createdAt" DESC, "id");

-- CreateIndex
CREATE INDEX "FormSubmission_leadId_createdAt_idx" ON "FormSubmission"("leadId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "FormSubmission_status_createdAt_idx" ON "FormSubmission"("status", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "FormSubmission_formId_idx" ON "FormSubmission"("formId");

-- AddForeignKey
ALTER TABLE "OnlineForm" ADD CONSTRAINT "OnlineForm_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FormSubmission" ADD CONSTRAINT "FormSubmission_formId_fkey" FOREIGN KEY ("formId") REFERENCES "OnlineForm"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FormSubmission" ADD CONSTRAINT "FormSubmission_leadId_fkey" FOREIGN KEY ("leadId") REFERENCES "Lead"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FormSubmission" ADD CONSTRAINT "FormSubmission_sentById_fkey" FOREIGN KEY ("sentById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
