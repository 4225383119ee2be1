import crypto from 'node:crypto';

/**
 * Secrets kept in the database (a tenant's OpenID client secret) are sealed with AES-256-GCM.
 * The key is derived with HKDF from SECRET_KEY, so a database copy alone does not reveal them.
 * Envelope: `enc:v1:<iv>:<tag>:<ciphertext>` (base64url parts, 96-bit random IV).
 */
const PREFIX = 'enc:v1:';

export type SecretBox = { seal(plain: string): string; open(sealed: string): string };

export function createSecretBox(secretKey: string): SecretBox {
  const key = Buffer.from(crypto.hkdfSync('sha256', secretKey, 'planport', 'stored-secrets-v1', 32));
  return {
    seal(plain) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${PREFIX}${[iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join(':')}`;
    },
    open(sealed) {
      // Rows written before encryption hold the plain value.
      if (!sealed.startsWith(PREFIX)) return sealed;
      const [iv, tag, body] = sealed
        .slice(PREFIX.length)
        .split(':')
        .map((p) => Buffer.from(p, 'base64url'));
      if (!iv || !tag || !body) throw new Error('sealed secret is malformed');
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    },
  };
}
