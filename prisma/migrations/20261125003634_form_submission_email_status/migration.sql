-- AlterTable
ALTER TABLE "FormSubmission" ADD COLUMN     "emailStatus" TEXT;
