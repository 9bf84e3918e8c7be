import { AlertCircle } from 'lucide-react';
import { Card, CardContent } from '@/client/components/ui/card';

export function NotFoundPage() {
  return (
    <main className="flex min-h-screen w-full items-center justify-center bg-slate-50 px-4">
      <Card className="w-full max-w-md">
        <CardContent className="pt-6">
          <div className="mb-4 flex gap-2">
            <AlertCircle className="size-8 text-red-500" aria-hidden="true" />
            <h1 className="text-2xl font-bold text-slate-900">404 Page Not Found</h1>
          </div>
          <p className="text-sm text-slate-600">Did you forget to add the page to the router?</p>
        </CardContent>
      </Card>
    </main>
  );
}
