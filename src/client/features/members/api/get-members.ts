import { useQuery } from '@tanstack/react-query';
import { memberList } from '@/contracts/members';
import { jsonQuery } from '@/client/lib/query-client';

/** GET /api/members: the company's members, and (for owners) its open invitations. */
export function membersQuery() {
  return jsonQuery('/api/members', memberList);
}

/** Read afresh each time the page opens: other owners change the team too. */
export function useMembers() {
  return useQuery({ ...membersQuery(), staleTime: 0 });
}
