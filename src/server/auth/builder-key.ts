import { randomBytes, timingSafeEqual } from 'node:crypto';
import { sha256 } from './token.ts';

// The builder's key (decision 0064): a secret this process makes when it starts and never stores. The
// builder it runs hands it to the build's Astro process (src/build/handoff.ts), whose loaders read the
// calls for builds (the change feed) from this same process with it. It proves "a build this process
// started", independently of editors' accounts, roles and tokens; no other process knows it.

const KEY = `builder-${randomBytes(32).toString('base64url')}`;
const KEY_HASH = Buffer.from(sha256(KEY), 'hex');

/** This process's builder key. */
export const builderKey = (): string => KEY;

/** Whether a bearer token is this process's builder key (compared in constant time). */
export const isBuilderKey = (token: string): boolean => timingSafeEqual(Buffer.from(sha256(token), 'hex'), KEY_HASH);
