import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { turnstile } from './turnstile.ts';

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

/**
 * Runs at once, in the whole process: all but one of the machine's cores. A flood of sign-ins
 * (the throttle counts failures only, and one's own password never fails) ran one a core and
 * slowed every other request of every company tenfold; they now wait their turn, up to 10 s, and
 * the turns go round the client addresses waiting (lib/turnstile.ts), so a flood from one
 * address delays its own sign-ins, not everyone's.
 */
const ARGON2_AT_ONCE = Math.max(1, availableParallelism() - 1);
export const PASSWORDS_BUSY = 'Many people are signing in right now. Please try again in a moment.';
const argon2InTurn = turnstile(ARGON2_AT_ONCE, 10_000, PASSWORDS_BUSY);

let running = 0;
let mostAtOnce = 0;
/** The most argon2 runs there have been at once: at most ARGON2_AT_ONCE. */
export const argon2MostAtOnce = () => mostAtOnce;

const counted = <T>(from: string, run: () => Promise<T>) =>
  argon2InTurn(from, async () => {
    argon2Runs += 1;
    running += 1;
    mostAtOnce = Math.max(mostAtOnce, running);
    try {
      return await run();
    } finally {
      running -= 1;
    }
  });

/**
 * A password as it is hashed: in Unicode's composed form (NFC). An accented letter is one
 * character from one keyboard and two (the letter, then the accent) from another, or pasted from
 * some documents: the same password either way.
 */
const composed = (password: string) => password.normalize('NFC');

/** The hash of `password`, for a request from the client address `from` (throttleAddressOf). */
export const hashPassword = (password: string, from: string) =>
  counted(from, () => hash(composed(password), options));

const matches = (passwordHash: string, password: string, from: string) =>
  counted(from, () => verify(passwordHash, password).catch(() => false));

/**
 * Whether `password` is the one `passwordHash` was made of, however its accents were typed. A
 * password saved before passwords were composed was hashed as it was typed: typed so again, it
 * matches as it is (one more run, for such a password only).
 */
export async function verifyPassword(passwordHash: string, password: string, from: string) {
  const typed = composed(password);
  if (await matches(passwordHash, typed, from)) return true;
  return typed !== password && matches(passwordHash, password, from);
}

let dummyHash: Promise<string> | undefined;

/** Spends the time a real verification takes, so an unknown username cannot be told apart. */
export async function verifyAgainstNothing(password: string, from: string): Promise<false> {
  dummyHash ??= hashPassword('grantwell-timing-equaliser', from);
  await verifyPassword(await dummyHash, password, from);
  return false;
}
