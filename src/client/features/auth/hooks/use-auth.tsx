import { useMutation, useQuery, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { createContext, useContext, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import type { LoginInput, PublicUser, RegisterInput, RegisterResponse } from '@/contracts/auth';
import { toast } from '@/client/components/ui/use-toast';
import { apiRequest } from '@/client/lib/api';
import { describeError } from '@/client/lib/error-messages';
import { CURRENT_USER_KEY, getQueryFn } from '@/client/lib/query-client';

export const currentUserKey = CURRENT_USER_KEY;

interface AuthContextValue {
  user: PublicUser | null;
  isLoading: boolean;
  error: Error | null;
  loginMutation: UseMutationResult<PublicUser, Error, LoginInput>;
  registerMutation: UseMutationResult<RegisterResponse, Error, RegisterInput>;
  logoutMutation: UseMutationResult<void, Error, void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

// The session is in the app's entry, which loads no zod (decision 016: the landing page's budget),
// so the user's answers below are taken as PublicUser unchecked.

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const { data, error, isLoading } = useQuery<PublicUser | null>({
    queryKey: currentUserKey,
    queryFn: getQueryFn<PublicUser | null>({ on401: 'returnNull' }),
  });

  const loginMutation = useMutation<PublicUser, Error, LoginInput>({
    mutationFn: async (input) => (await apiRequest('POST', '/api/login', input)).json() as Promise<PublicUser>,
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserKey, user);
      navigate('/dashboard');
    },
    onError: (err) => {
      toast({ title: 'Login failed', description: describeError(err), variant: 'destructive' });
    },
  });

  const registerMutation = useMutation<RegisterResponse, Error, RegisterInput>({
    mutationFn: async (input) => (await apiRequest('POST', '/api/register', input)).json() as Promise<RegisterResponse>,
    onSuccess: ({ isOperator, ...user }) => {
      queryClient.setQueryData(currentUserKey, user);
      // The server says whether this was the install's first account (decision 002): that one is
      // approved already and reviews the others, so it is not told it will be reviewed.
      toast(
        isOperator
          ? {
              title: "You are this install's operator",
              description: 'As its first account you are approved and its admin. Later accounts wait for your approval at /admin.',
            }
          : {
              title: 'Registration successful',
              description: 'We will review your account and get back to you soon. You will be notified once your account is approved.',
            },
      );
      navigate('/');
    },
    onError: (err) => {
      toast({ title: 'Registration failed', description: describeError(err), variant: 'destructive' });
    },
  });

  const logoutMutation = useMutation<void, Error, void>({
    mutationFn: async () => {
      await apiRequest('POST', '/api/logout');
    },
    onSuccess: () => {
      queryClient.setQueryData(currentUserKey, null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== currentUserKey[0] });
      navigate('/');
    },
    onError: (err) => {
      toast({ title: 'Logout failed', description: describeError(err), variant: 'destructive' });
    },
  });

  return (
    <AuthContext.Provider value={{ user: data ?? null, isLoading, error, loginMutation, registerMutation, logoutMutation }}>
      {children}
    </AuthContext.Provider>
  );
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}
