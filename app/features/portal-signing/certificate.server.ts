import { randomBytes, webcrypto } from 'node:crypto'
import { CryptoKeySigner, P12Signer, type Signer } from '@libpdf/core'
import * as asn1js from 'asn1js'
import * as pkijs from 'pkijs'
import type { Prisma } from '~/generated/prisma/client'
import { readIntegration, saveIntegration } from '~/integrations/settings.server'
import { type Actor, systemActor } from '~/platform/actor'
import { recordAudit } from '~/platform/audit.server'
import { prisma } from '~/platform/db.server'
import { RuleViolationError } from '~/platform/errors'

/**
 * The agency's signing certificate, which PAdES-signs every completed portal
 * document. Made at the first start (a self-signed RSA 2048 certificate, built in
 * JavaScript with pkijs, so no openssl is needed) or uploaded by an admin as
 * PKCS#12 with its password. Either way the key is kept only encrypted in
 * IntegrationSetting and never leaves the server.
 */
export const SIGNING_CERTIFICATE_PROVIDER = 'portal-signing'

type CertificateConfig = {
  source: 'generated' | 'uploaded'
  subject: string
  notAfter: string
  fingerprintSha256: string
}
type CertificateSecrets = { privateKeyPkcs8: string; certificateDer: string; p12: string; p12Password: string }

const CERTIFICATE_YEARS = 10
const engine = new pkijs.CryptoEngine({ name: 'node-webcrypto', crypto: webcrypto as unknown as Crypto })

function subjectName(commonName: string) {
  const name = new pkijs.RelativeDistinguishedNames()
  name.typesAndValues.push(new pkijs.AttributeTypeAndValue({ type: '2.5.4.3', value: new asn1js.Utf8String({ value: commonName }) }))
  return name
}

async function fingerprint(der: Uint8Array) {
  const digest = new Uint8Array(await webcrypto.subtle.digest('SHA-256', new Uint8Array(der)))
  return Buffer.from(digest).toString('hex').toUpperCase()
}

/**
 * A certificate serial number from random bytes: positive, and with no
 * leading zero byte. DER allows a leading zero only before a byte whose top
 * bit is set, and PDF readers reject the whole signature of a certificate
 * whose serial breaks that rule (one random serial in 256 did).
 */
export function serialNumberFrom(random: Uint8Array): Uint8Array<ArrayBuffer> {
  const serial = Uint8Array.from(random)
  serial[0] = 1 + (serial[0]! % 0x7f)
  return serial
}

/** Whether a certificate's serial number is encoded in more bytes than DER allows (see serialNumberFrom). */
function serialNumberMisencoded(certificateDer: Uint8Array<ArrayBuffer>) {
  const serial = pkijs.Certificate.fromBER(certificateDer).serialNumber.valueBlock.valueHexView
  if (serial.length < 2) return false
  return (serial[0] === 0x00 && serial[1]! < 0x80) || (serial[0] === 0xff && serial[1]! >= 0x80)
}

/** A self-signed document-signing certificate: key usage digital signature and non-repudiation. */
export async function generateSelfSignedCertificate(commonName: string, now = new Date(), serial = serialNumberFrom(randomBytes(16))) {
  const keys = await webcrypto.subtle.generateKey(
    { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['sign', 'verify'],
  )
  const certificate = new pkijs.Certificate()
  certificate.version = 2
  certificate.serialNumber = new asn1js.Integer({ valueHex: serial })
  certificate.issuer = subjectName(commonName)
  certificate.subject = subjectName(commonName)
  certificate.notBefore.value = new Date(now.getTime() - 60_000)
  const notAfter = new Date(now)
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + CERTIFICATE_YEARS)
  certificate.notAfter.value = notAfter
  const keyUsageBits = new ArrayBuffer(1)
  // digitalSignature (bit 0) and nonRepudiation (bit 1), most significant bit first.
  new Uint8Array(keyUsageBits)[0] = 0b1100_0000
  certificate.extensions = [
    new pkijs.Extension({
      extnID: '2.5.29.19',
      critical: true,
      extnValue: new pkijs.BasicConstraints({ cA: false }).toSchema().toBER(false),
    }),
    new pkijs.Extension({
      extnID: '2.5.29.15',
      critical: true,
      extnValue: new asn1js.BitString({ valueHex: keyUsageBits, unusedBits: 6 }).toBER(false),
    }),
  ]
  await certificate.subjectPublicKeyInfo.importKey(keys.publicKey, engine)
  await certificate.sign(keys.privateKey, 'SHA-256', engine)
  const certificateDer = new Uint8Array(certificate.toSchema(true).toBER(false))
  const privateKeyPkcs8 = new Uint8Array(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey))
  return { certificateDer, privateKeyPkcs8, notAfter }
}

async function signerFromSecrets(secrets: Partial<CertificateSecrets>): Promise<Signer | null> {
  if (secrets.p12) {
    // An empty password is not stored (empty secrets keep the old value), so absent means empty.
    return P12Signer.create(new Uint8Array(Buffer.from(secrets.p12, 'base64')), secrets.p12Password ?? '')
  }
  if (secrets.privateKeyPkcs8 && secrets.certificateDer) {
    const key = await webcrypto.subtle.importKey(
      'pkcs8',
      Buffer.from(secrets.privateKeyPkcs8, 'base64'),
      { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
      false,
      ['sign'],
    )
    return new CryptoKeySigner(key as CryptoKey, new Uint8Array(Buffer.from(secrets.certificateDer, 'base64')), 'RSA', 'RSASSA-PKCS1-v1_5')
  }
  return null
}

/** What Settings shows: never the key. Null before the first signing. */
export async function getSigningCertificateView() {
  const stored = await readIntegration<CertificateConfig, CertificateSecrets>(SIGNING_CERTIFICATE_PROVIDER)
  return stored ? { ...stored.config, updatedAt: stored.updatedAt } : null
}

/**
 * The signer for completed documents, generating and storing the agency
 * certificate if none is stored yet (start-up makes it: ensureSigningCertificate). Two first uses at once both try to store one;
 * the upsert keeps the later, and both documents still verify (each carries
 * its own certificate).
 */
export async function getDocumentSigner(agencyName = 'Healthcare Portal', db: Prisma.TransactionClient = prisma): Promise<Signer> {
  const stored = await readIntegration<CertificateConfig, CertificateSecrets>(SIGNING_CERTIFICATE_PROVIDER, db)
  if (stored) {
    const signer = await signerFromSecrets(stored.secrets)
    if (signer) return signer
  }
  const { config, secrets } = await newGeneratedCertificate(agencyName)
  await saveIntegration(SIGNING_CERTIFICATE_PROVIDER, config, secrets, db)
  return (await signerFromSecrets(secrets))!
}

/** A new generated certificate as it is stored (no database work: the key is made before any transaction opens). */
async function newGeneratedCertificate(agencyName: string) {
  const subject = `${agencyName} Document Signing`
  const generated = await generateSelfSignedCertificate(subject)
  const secrets = {
    privateKeyPkcs8: Buffer.from(generated.privateKeyPkcs8).toString('base64'),
    certificateDer: Buffer.from(generated.certificateDer).toString('base64'),
  }
  const config: CertificateConfig = {
    source: 'generated',
    subject,
    notAfter: generated.notAfter.toISOString(),
    fingerprintSha256: await fingerprint(generated.certificateDer),
  }
  return { config, secrets }
}

/**
 * Replaces the stored certificate whole, with its audit entry, in the caller's
 * transaction: secrets are merged on save, so a plain save would keep parts of
 * the old key.
 */
async function replaceCertificate(
  tx: Prisma.TransactionClient,
  replacement: { config: CertificateConfig; secrets: Partial<CertificateSecrets> },
  audit: { actor: Actor; details: Prisma.InputJsonObject },
) {
  await tx.integrationSetting.deleteMany({ where: { provider: SIGNING_CERTIFICATE_PROVIDER } })
  await saveIntegration(SIGNING_CERTIFICATE_PROVIDER, replacement.config, replacement.secrets, tx)
  await recordAudit({ actor: audit.actor, action: 'update', entityType: 'IntegrationSetting', entityId: SIGNING_CERTIFICATE_PROVIDER, details: audit.details }, tx)
}

/** A generated certificate whose serial number readers reject (made before serialNumberFrom). */
function rejectedByReaders(stored: { config: CertificateConfig; secrets: Partial<CertificateSecrets> }) {
  const der = stored.secrets.certificateDer
  if (stored.config.source !== 'generated' || !der) return false
  try {
    return serialNumberMisencoded(new Uint8Array(Buffer.from(der, 'base64')))
  } catch {
    // Unreadable: left for signing to report, not a reason to refuse to start.
    return false
  }
}

/**
 * At start-up, before the server listens: makes the agency certificate when
 * none is stored, so it exists from the first start. A stored one is left as
 * it is, unless it is a generated one whose serial number readers reject: no
 * signature it made verifies, so it is replaced, with an audit entry. The row
 * is locked and read again first, so an upload or another instance's start
 * meanwhile is not overwritten and the replacement happens once.
 */
export async function ensureSigningCertificate() {
  const stored = await readIntegration<CertificateConfig, CertificateSecrets>(SIGNING_CERTIFICATE_PROVIDER)
  if (!stored) {
    await getDocumentSigner()
    return
  }
  if (!rejectedByReaders(stored)) return
  const replacement = await newGeneratedCertificate(stored.config.subject.replace(/ Document Signing$/, ''))
  await prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT provider FROM "IntegrationSetting" WHERE provider = ${SIGNING_CERTIFICATE_PROVIDER} FOR UPDATE`
    const current = await readIntegration<CertificateConfig, CertificateSecrets>(SIGNING_CERTIFICATE_PROVIDER, tx)
    if (!current || current.config.fingerprintSha256 !== stored.config.fingerprintSha256 || !rejectedByReaders(current)) return
    await replaceCertificate(tx, replacement, {
      actor: systemActor('signing-certificate'),
      details: {
        source: 'generated',
        reason: 'The previous certificate\'s serial number is rejected by PDF readers',
        previousFingerprintSha256: current.config.fingerprintSha256,
        fingerprintSha256: replacement.config.fingerprintSha256,
      },
    })
  })
}

/** An admin's own certificate (PKCS#12 and its password): checked by opening it before it replaces the current one. */
export async function uploadSigningCertificate(p12: Uint8Array, password: string, actor: Actor) {
  let signer: P12Signer
  try {
    signer = await P12Signer.create(p12, password)
  } catch {
    throw new RuleViolationError('The file is not a PKCS#12 certificate, or the password is wrong', 'certificate')
  }
  const parsed = pkijs.Certificate.fromBER(new Uint8Array(signer.certificate))
  const commonName = parsed.subject.typesAndValues.find((entry) => entry.type === '2.5.4.3')
  const config: CertificateConfig = {
    source: 'uploaded',
    subject: commonName ? String(commonName.value.valueBlock.value) : 'Uploaded certificate',
    notAfter: parsed.notAfter.value.toISOString(),
    fingerprintSha256: await fingerprint(signer.certificate),
  }
  // The generated key is dropped with the row.
  await prisma.$transaction((tx) =>
    replaceCertificate(
      tx,
      { config, secrets: { p12: Buffer.from(p12).toString('base64'), p12Password: password } },
      { actor, details: { source: 'uploaded', subject: config.subject, fingerprintSha256: config.fingerprintSha256 } },
    ),
  )
  return config
}
