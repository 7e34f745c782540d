-- AlterTable
ALTER TABLE "Document" ADD COLUMN     "boldsignTemplateError" TEXT,
ADD COLUMN     "boldsignTemplateStatus" TEXT;

-- CreateTable
CREATE TABLE "WebhookEvent" (
    "provider" TEXT NOT NULL,
    "eventId" TEXT NOT NULL,
    "eventType" TEXT NOT NULL,
    "receivedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WebhookEvent_pkey" PRIMARY KEY ("provider","eventId")
);

