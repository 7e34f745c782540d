-- AlterTable
ALTER TABLE "Appointment" ADD COLUMN     "seriesId" UUID;

-- CreateIndex
CREATE INDEX "Appointment_seriesId_startTime_idx" ON "Appointment"("seriesId", "startTime");
