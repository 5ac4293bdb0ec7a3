import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: what goes into a cookie or an emailed link. */
export const newToken = () => randomBytes(32).toString('base64url');

/** What the database keeps instead of the token. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
