import '@/contracts/zod-messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { loginInput, registerInput } from '@/contracts/auth';

/** The sign-in forms' checks, with zod: loaded after the page has painted (see `lazyResolver`). */
export const loginResolver = zodResolver(loginInput);
export const registerResolver = zodResolver(registerInput);
