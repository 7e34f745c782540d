-- CreateTable
CREATE TABLE "Patient" (
    "id" UUID NOT NULL,
    "firstName" TEXT NOT NULL,
    "lastName" TEXT NOT NULL,
    "dateOfBirth" DATE NOT NULL,
    "gender" TEXT NOT NULL,
    "phone" TEXT NOT NULL,
    "email" TEXT,
    "address" TEXT,
    "city" TEXT,
    "state" TEXT,
    "zipCode" TEXT,
    "registrationStatus" TEXT NOT NULL DEFAULT 'new',
    "completedSteps" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "medicalHistory" JSONB,
    "insuranceInfo" JSONB,
    "emergencyContacts" JSONB NOT NULL DEFAULT '[]',
    "carePreferences" JSONB,
    "careType" TEXT,
    "searchText" TEXT NOT NULL,
    "phoneDigits" TEXT NOT NULL,
    "leadId" UUID,
    "reviewedAt" TIMESTAMPTZ(3),
    "reviewedById" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Patient_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Caregiver" (
    "id" UUID NOT NULL,
    "fullName" TEXT NOT NULL,
    "email" TEXT,
    "phone" TEXT NOT NULL,
    "licenseNumber" TEXT NOT NULL,
    "licenseExpiresOn" DATE,
    "certificationExpiresOn" DATE,
    "yearsExperience" TEXT NOT NULL,
    "certifications" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "specializations" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "hourlyRateCents" INTEGER NOT NULL DEFAULT 0,
    "availableDays" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "address" TEXT,
    "city" TEXT,
    "state" TEXT,
    "zipCode" TEXT,
    "status" TEXT NOT NULL DEFAULT 'active',
    "backgroundCheckStatus" TEXT NOT NULL DEFAULT 'pending',
    "applicationProgress" TEXT NOT NULL DEFAULT 'submitted',
    "searchText" TEXT NOT NULL,
    "phoneDigits" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Caregiver_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CaregiverFile" (
    "id" UUID NOT NULL,
    "caregiverId" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "fileName" TEXT NOT NULL,
    "fileSize" INTEGER NOT NULL,
    "mimeType" TEXT NOT NULL,
    "storageKey" TEXT NOT NULL,
    "sha256" TEXT NOT NULL,
    "uploadedById" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CaregiverFile_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Patient_leadId_key" ON "Patient"("leadId");

-- CreateIndex
CREATE INDEX "Patient_createdAt_id_idx" ON "Patient"("createdAt" DESC, "id");

-- CreateIndex
CREATE INDEX "Patient_registrationStatus_createdAt_idx" ON "Patient"("registrationStatus", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "Patient_careType_createdAt_idx" ON "Patient"("careType", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "Patient_searchText_trgm_idx" ON "Patient" USING GIN ("searchText" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Patient_phoneDigits_trgm_idx" ON "Patient" USING GIN ("phoneDigits" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Caregiver_createdAt_id_idx" ON "Caregiver"("createdAt" DESC, "id");

-- CreateIndex
CREATE INDEX "Caregiver_status_createdAt_idx" ON "Caregiver"("status", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "Caregiver_backgroundCheckStatus_createdAt_idx" ON "Caregiver"("backgroundCheckStatus", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "Caregiver_specializations_idx" ON "Caregiver" USING GIN ("specializations");

-- CreateIndex
CREATE INDEX "Caregiver_searchText_trgm_idx" ON "Caregiver" USING GIN ("searchText" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Caregiver_phoneDigits_trgm_idx" ON "Caregiver" USING GIN ("phoneDigits" gin_trgm_ops);

-- CreateIndex
CREATE UNIQUE INDEX "CaregiverFile_storageKey_key" ON "CaregiverFile"("storageKey");

-- CreateIndex
CREATE INDEX "CaregiverFile_caregiverId_kind_idx" ON "CaregiverFile"("caregiverId", "kind");

-- AddForeignKey
ALTER TABLE "Patient" ADD CONSTRAINT "Patient_leadId_fkey" FOREIGN KEY ("leadId") REFERENCES "Lead"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CaregiverFile" ADD CONSTRAINT "CaregiverFile_caregiverId_fkey" FOREIGN KEY ("caregiverId") REFERENCES "Caregiver"("id") ON DELETE CASCADE ON UPDATE CASCADE;

