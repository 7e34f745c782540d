-- CreateTable
CREATE TABLE "EmailTemplate" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "htmlContent" TEXT NOT NULL,
    "formType" TEXT NOT NULL DEFAULT 'intake',
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "triggerConditions" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "EmailTemplate_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OutboundEmail" (
    "id" UUID NOT NULL,
    "dedupeKey" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "toEmail" TEXT NOT NULL,
    "toName" TEXT,
    "subject" TEXT NOT NULL,
    "html" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "attachments" JSONB,
    "entityType" TEXT,
    "entityId" TEXT,
    "ghlContactId" TEXT,
    "templateId" UUID,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "providerMessageId" TEXT,
    "queuedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sentAt" TIMESTAMPTZ(3),
    "failedAt" TIMESTAMPTZ(3),
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "OutboundEmail_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WorkflowStage" (
    "id" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "order" INTEGER NOT NULL DEFAULT 1,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "emailTemplateId" UUID,
    "delayHours" INTEGER NOT NULL DEFAULT 0,
    "trigger" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "WorkflowStage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WorkflowRun" (
    "id" UUID NOT NULL,
    "stageId" UUID,
    "stageName" TEXT NOT NULL,
    "workflowType" TEXT NOT NULL,
    "trigger" TEXT NOT NULL,
    "eventId" UUID NOT NULL,
    "entityType" TEXT NOT NULL,
    "entityId" TEXT NOT NULL,
    "scheduledFor" TIMESTAMPTZ(3) NOT NULL,
    "ranAt" TIMESTAMPTZ(3),
    "status" TEXT NOT NULL DEFAULT 'pending',
    "outcome" TEXT,
    "outboundEmailId" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WorkflowRun_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "EmailTemplate_formType_isActive_idx" ON "EmailTemplate"("formType", "isActive");

-- CreateIndex
CREATE UNIQUE INDEX "OutboundEmail_dedupeKey_key" ON "OutboundEmail"("dedupeKey");

-- CreateIndex
CREATE INDEX "OutboundEmail_status_queuedAt_idx" ON "OutboundEmail"("status", "queuedAt" DESC);

-- CreateIndex
CREATE INDEX "OutboundEmail_entityType_entityId_queuedAt_idx" ON "OutboundEmail"("entityType", "entityId", "queuedAt" DESC);

-- CreateIndex
CREATE INDEX "WorkflowStage_type_order_idx" ON "WorkflowStage"("type", "order");

-- CreateIndex
CREATE INDEX "WorkflowStage_trigger_isActive_idx" ON "WorkflowStage"("trigger", "isActive");

-- CreateIndex
CREATE INDEX "WorkflowRun_entityType_entityId_createdAt_idx" ON "WorkflowRun"("entityType", "entityId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "WorkflowRun_status_scheduledFor_idx" ON "WorkflowRun"("status", "scheduledFor");

-- CreateIndex
CREATE INDEX "WorkflowRun_workflowType_ranAt_idx" ON "WorkflowRun"("workflowType", "ranAt");

-- CreateIndex
CREATE UNIQUE INDEX "WorkflowRun_stageId_eventId_key" ON "WorkflowRun"("stageId", "eventId");

-- AddForeignKey
ALTER TABLE "OutboundEmail" ADD CONSTRAINT "OutboundEmail_templateId_fkey" FOREIGN KEY ("templateId") REFERENCES "EmailTemplate"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WorkflowStage" ADD CONSTRAINT "WorkflowStage_emailTemplateId_fkey" FOREIGN KEY ("emailTemplateId") REFERENCES "EmailTemplate"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WorkflowRun" ADD CONSTRAINT "WorkflowRun_stageId_fkey" FOREIGN KEY ("stageId") REFERENCES "WorkflowStage"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WorkflowRun" ADD CONSTRAINT "WorkflowRun_outboundEmailId_fkey" FOREIGN KEY ("outboundEmailId") REFERENCES "OutboundEmail"("id") ON DELETE SET NULL ON UPDATE CASCADE;
