import { dictionary } from '@zxcvbn-ts/language-common';

export const COMMON_PASSWORD =
  'This password is one of the most commonly used passwords and is easy to guess. Choose another: a few unrelated words make a strong one.';

let common: Set<string> | undefined;

/**
 * The ~49,000 most common passwords of zxcvbn-ts's list (leaked-password frequency, most common
 * first), shipped with the dependency and decompressed on first use; compared case-insensitively,
 * since 'Password123' is guessed as soon as 'password123' is.
 */
function commonPasswords(): Set<string> {
  common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/** How many passwords are refused as common (tests check the list is the size the issue asks for). */
export const commonPasswordCount = () => commonPasswords().size;
