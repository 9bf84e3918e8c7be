import { LogOut, Monitor } from 'lucide-react';
import { useId } from 'react';
import type { AccountSession } from '@/contracts/account';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { QueryState } from '@/client/components/query-state';
import { useAccountSessions, useEndSessions } from '../api/sessions';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const format = (iso: string) => when.format(new Date(iso));

/** 'Active sessions': every browser signed in to the account, with "Sign out everywhere else". */
export function SessionsCard() {
  const headingId = useId();
  const list = useAccountSessions();
  const end = useEndSessions();
  const others = list.data?.filter((s) => !s.current) ?? [];
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle as="h2" id={headingId}>
          Active sessions
        </CardTitle>
        <CardDescription>
          The browsers signed in to your account. A session ends after a while without use; sign out of one you do not recognise, and change your
          password.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <QueryState query={list} loading="Loading your sessions" failed="Your sessions could not be loaded.">
          {(data) => (
            <>
              <ul aria-label="Sessions" className="divide-y divide-slate-200 rounded-md border border-slate-200">
                {data.map((session) => (
                  <SessionRow key={session.publicId} session={session} pending={end.isPending} onEnd={() => end.mutate(session.publicId)} />
                ))}
              </ul>
              <Button type="button" variant="outline" disabled={end.isPending || others.length === 0} onClick={() => end.mutate('others')}>
                <LogOut aria-hidden="true" />
                Sign out everywhere else
              </Button>
              {others.length === 0 ? <p className="text-sm text-slate-600">You are signed in only here.</p> : null}
            </>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}

function SessionRow({ session, pending, onEnd }: { session: AccountSession; pending: boolean; onEnd: () => void }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
      <div className="flex items-start gap-3">
        <Monitor className="mt-0.5 size-5 shrink-0 text-slate-400" aria-hidden="true" />
        <div className="space-y-0.5 text-sm">
          <p className="flex items-center gap-2 font-medium text-slate-900">
            {session.device}
            {session.current ? <Badge variant="success">This browser</Badge> : null}
          </p>
          <p className="text-slate-600">
            Signed in {format(session.createdAt)} · last active {format(session.lastSeenAt)}
            {session.ip ? ` · from ${session.ip}` : ''}
          </p>
        </div>
      </div>
      {session.current ? null : (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          disabled={pending}
          onClick={onEnd}
          aria-label={`Sign out ${session.device}, last active ${format(session.lastSeenAt)}`}
        >
          Sign out
        </Button>
      )}
    </li>
  );
}
