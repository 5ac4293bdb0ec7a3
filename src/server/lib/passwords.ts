import { hash, verify } from '@node-rs/argon2';

/** argon2id (the library's default algorithm) at OWASP's recommended minimum: 19 MiB, 2 passes. */
const PASSWORD_HASH_COST = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/**
 * The test runner's cost (it alone sets NODE_ENV=test; the server refuses to start with it):
 * the same algorithm at 1 MiB and one pass, so the suite's 800 or so hashes take a second of
 * CPU instead of forty. A hash names its own cost, so either verifies under the other.
 */
const TEST_RUN_COST = { memoryCost: 1_024, timeCost: 1, parallelism: 1 };

const options = process.env.NODE_ENV === 'test' ? TEST_RUN_COST : PASSWORD_HASH_COST;

// Each argon2 run costs 19 MiB and tens of milliseconds: the count shows what a request cost,
// so a refused request can be shown to have cost none.
let argon2Runs = 0;
export const argon2RunCount = () => argon2Runs;

export const hashPassword = (password: string) => {
  argon2Runs += 1;
  return hash(password, options);
};

export const verifyPassword = (passwordHash: string, password: string) => {
  argon2Runs += 1;
  return verify(passwordHash, password).catch(() => false);
};

let dummyHash: Promise<string> | undefined;

/** Spends the time a real verification takes, so an unknown username cannot be told apart. */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('grantwell-timing-equaliser');
  await verifyPassword(await dummyHash, password);
  return false;
}
