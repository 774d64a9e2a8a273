import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { readJsonFile, writeJsonFile } from '../json-file.js';

/** Private key material of the provider, kept in the data dir so tokens stay valid across restarts. */
export interface ProviderSecrets {
  signingKeys: { keys: JWK[] };
  cookieKeys: string[];
}

const SECRETS_FILE = 'provider-secrets.json';

async function generateSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, alg: 'RS256', use: 'sig', kid: `sandbox-${randomBytes(6).toString('hex')}` };
}

export async function loadOrCreateProviderSecrets(dataDir: string): Promise<ProviderSecrets> {
  const filePath = path.join(dataDir, SECRETS_FILE);
  const stored = await readJsonFile<ProviderSecrets>(filePath);
  if (stored?.signingKeys?.keys?.length && stored.cookieKeys?.length) return stored;

  const secrets: ProviderSecrets = {
    signingKeys: { keys: [await generateSigningKey()] },
    cookieKeys: [randomBytes(32).toString('base64url')],
  };
  await writeJsonFile(filePath, secrets, 0o600);
  return secrets;
}
