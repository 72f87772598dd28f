import { hash, verify } from '@node-rs/argon2';

// argon2id with the library defaults (19 MiB, t=2): slow enough for offline attacks, ~30 ms here.
export const hashPassword = (password: string) => hash(password);

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/** Spend the same time on unknown users as on wrong passwords, so timing does not reveal accounts. */
export async function burnVerify(password: string): Promise<void> {
  dummy ??= hash('not-a-real-password-0');
  await verifyPassword(await dummy, password);
}

export function passwordProblem(password: string): string | null {
  if (password.length < 8) return 'password must be at least 8 characters';
  if (!/[A-Za-z]/.test(password) || !/[0-9]/.test(password))
    return 'password must contain at least one letter and one digit';
  return null;
}
