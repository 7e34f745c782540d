-- CreateIndex
CREATE INDEX "AuditLog_userId_action_createdAt_idx" ON "AuditLog"("userId", "action", "createdAt");

-- CreateIndex
CREATE INDEX "Communication_type_status_idx" ON "Communication"("type", "status");

-- CreateIndex
CREATE INDEX "Caregiver_status_backgroundCheckStatus_idx" ON "Caregiver"("status", "backgroundCheckStatus");

-- CreateIndex
CREATE INDEX "Caregiver_licenseExpiresOn_idx" ON "Caregiver"("licenseExpiresOn");

-- CreateIndex
CREATE INDEX "Caregiver_certificationExpiresOn_idx" ON "Caregiver"("certificationExpiresOn");

-- CreateIndex
CREATE INDEX "Job_status_updatedAt_idx" ON "Job"("status", "updatedAt");

-- CreateIndex
CREATE INDEX "EsignRequest_status_sentAt_idx" ON "EsignRequest"("status", "sentAt");

-- CreateIndex
CREATE INDEX "Lead_assignedTo_status_createdAt_idx" ON "Lead"("assignedTo", "status", "createdAt");
