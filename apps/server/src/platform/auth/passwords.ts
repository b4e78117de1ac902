import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with OWASP's minimum: 19 MiB, 2 passes.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (plain: string) => hash(plain, OPTIONS);
export const verifyPassword = async (stored: string, plain: string) => {
  try {
    return await verify(stored, plain);
  } catch {
    return false;
  }
};

let dummy: Promise<string> | null = null;
/** A hash to verify against when the user does not exist, so both answers take similar time. */
export const dummyHash = () => {
  dummy ??= hashPassword('not-a-real-password-0');
  return dummy;
};
