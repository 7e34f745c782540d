-- AlterTable
ALTER TABLE "EsignRequest" ADD COLUMN     "sourceDocumentId" UUID,
ADD COLUMN     "sourceSha256" TEXT;

-- AlterTable
ALTER TABLE "EsignRequestEvent" ADD COLUMN     "ipAddress" TEXT,
ADD COLUMN     "signerId" UUID,
ADD COLUMN     "userAgent" TEXT;

-- CreateTable
CREATE TABLE "EsignSigner" (
    "id" UUID NOT NULL,
    "requestId" UUID NOT NULL,
    "order" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "personType" TEXT NOT NULL DEFAULT 'other',
    "personId" UUID,
    "tokenHash" TEXT NOT NULL,
    "tokenEncrypted" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'waiting',
    "signatureText" TEXT,
    "declineReason" TEXT,
    "sentAt" TIMESTAMPTZ(3),
    "openedAt" TIMESTAMPTZ(3),
    "consentedAt" TIMESTAMPTZ(3),
    "signedAt" TIMESTAMPTZ(3),
    "declinedAt" TIMESTAMPTZ(3),
    "ipAddress" TEXT,
    "userAgent" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EsignSigner_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EsignField" (
    "id" UUID NOT NULL,
    "requestId" UUID NOT NULL,
    "signerId" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "required" BOOLEAN NOT NULL DEFAULT true,
    "page" INTEGER NOT NULL,
    "x" DOUBLE PRECISION NOT NULL,
    "y" DOUBLE PRECISION NOT NULL,
    "width" DOUBLE PRECISION NOT NULL,
    "height" DOUBLE PRECISION NOT NULL,
    "pdfFieldName" TEXT,
    "value" TEXT,
    "filledAt" TIMESTAMPTZ(3),

    CONSTRAINT "EsignField_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "EsignSigner_tokenHash_key" ON "EsignSigner"("tokenHash");

-- CreateIndex
CREATE UNIQUE INDEX "EsignSigner_requestId_order_key" ON "EsignSigner"("requestId", "order");

-- CreateIndex
CREATE INDEX "EsignField_requestId_signerId_position_idx" ON "EsignField"("requestId", "signerId", "position");

-- AddForeignKey
ALTER TABLE "EsignRequest" ADD CONSTRAINT "EsignRequest_sourceDocumentId_fkey" FOREIGN KEY ("sourceDocumentId") REFERENCES "Document"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EsignRequestEvent" ADD CONSTRAINT "EsignRequestEvent_signerId_fkey" FOREIGN KEY ("signerId") REFERENCES "EsignSigner"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EsignSigner" ADD CONSTRAINT "EsignSigner_requestId_fkey" FOREIGN KEY ("requestId") REFERENCES "EsignRequest"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EsignField" ADD CONSTRAINT "EsignField_requestId_fkey" FOREIGN KEY ("requestId") REFERENCES "EsignRequest"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EsignField" ADD CONSTRAINT "EsignField_signerId_fkey" FOREIGN KEY ("signerId") REFERENCES "EsignSigner"("id") ON DELETE CASCADE ON UPDATE CASCADE;
