-- AlterTable
ALTER TABLE "Session" ADD COLUMN     "signingLockRequestId" UUID,
ADD COLUMN     "signingLockedAt" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "EsignSigner" ADD COLUMN     "initialsImage" BYTEA,
ADD COLUMN     "signatureImage" BYTEA,
ADD COLUMN     "signatureMethod" TEXT;
