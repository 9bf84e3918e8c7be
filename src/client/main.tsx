import './index.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AuthProvider } from '@/client/features/auth/hooks/use-auth';
import { queryClient } from '@/client/lib/query-client';
import { LazyToaster } from './app/lazy-toaster';
import { AppRouter } from './app/router';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <AppRouter />
        <LazyToaster />
      </AuthProvider>
    </QueryClientProvider>
  </StrictMode>,
);
