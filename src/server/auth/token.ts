import { hash, randomBytes, randomInt } from 'node:crypto';

/** A new session token: 256 random bits, base64url. */
export const newToken = () => randomBytes(32).toString('base64url');

/** What the database keeps of a token or code: its SHA-256, hex. */
export const sha256 = (text: string) => hash('sha256', text, 'hex');

/** A 6-digit verification code, leading zeros included. */
export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
