import { z } from 'zod';
import { registerInput } from './auth';
import { companyRole } from './status-enums';
import type { CompanyRole } from './statuses';

/**
 * The company's members and the owner's invitations (issue 16, point 1; docs/decisions/027-members-and-invitations.md).
 */

/** How a role is named on screens and in emails. */
export const COMPANY_ROLE_LABELS: Record<CompanyRole, string> = { viewer: 'Viewer', recruiter: 'Recruiter', owner: 'Owner' };

/** What each role may do, in one line (the invite form and the join page show it). */
export const COMPANY_ROLE_DESCRIPTIONS: Record<CompanyRole, string> = {
  viewer: 'Reads jobs, interviews and reports; cannot change anything or contact candidates.',
  recruiter: 'Runs jobs, interviews, phone screenings and reviews.',
  owner: 'Everything a recruiter does, plus members and company settings.',
};

/** One active member of the company (removed members are not listed). */
export const member = z.object({
  id: z.number(),
  username: z.string(),
  /** The address they were invited at or gave; null when none is known. */
  email: z.string().nullable(),
  companyRole,
  joinedAt: z.string(),
  /** The member asking. */
  isYou: z.boolean(),
});
export type Member = z.infer<typeof member>;

/** An invitation not yet accepted or revoked; `isExpired` once its link no longer works. */
export const openInvitation = z.object({
  id: z.number(),
  email: z.string(),
  companyRole,
  invitedAt: z.string(),
  expiresAt: z.string(),
  isExpired: z.boolean(),
});
export type OpenInvitation = z.infer<typeof openInvitation>;

/** GET /api/members: the members, and (for owners only; empty for others) the open invitations. */
export const memberList = z.object({
  members: z.array(member),
  invitations: z.array(openInvitation),
});
export type MemberList = z.infer<typeof memberList>;

/** POST /api/members/invitations. */
export const inviteMemberInput = z.object({
  email: z.string().trim().max(320).pipe(z.email('Please enter a valid email address')),
  companyRole,
});
export type InviteMemberInput = z.infer<typeof inviteMemberInput>;

/** PATCH /api/members/:id. */
export const changeMemberRoleInput = z.object({ companyRole });
export type ChangeMemberRoleInput = z.infer<typeof changeMemberRoleInput>;

/** GET /api/invitations/:token: what the join page shows while the link is valid. */
export const invitationView = z.object({
  companyName: z.string(),
  email: z.string(),
  companyRole,
  /** Who sent it (their username), or null when that account is gone. */
  invitedBy: z.string().nullable(),
  expiresAt: z.string(),
});
export type InvitationView = z.infer<typeof invitationView>;

/** POST /api/invitations/:token/accept: the same username and password rules as registration. */
export const acceptInvitationInput = registerInput.pick({ username: true, password: true });
export type AcceptInvitationInput = z.infer<typeof acceptInvitationInput>;

/** An invitation token as links carry it (256 random bits, base64url); anything else names no invitation. */
export const invitationTokenParams = z.object({ token: z.string() });

