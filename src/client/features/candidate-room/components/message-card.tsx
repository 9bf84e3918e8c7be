import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
import { cn } from '@/client/lib/cn';

interface MessageCardProps {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  className?: string;
}

/** A short view's card: an icon, the view's heading (the page's h1) and its text. */
export function MessageCard({ icon, title, children, className }: MessageCardProps) {
  return (
    <Card className={cn('w-full max-w-md text-center', className)}>
      <CardHeader className="items-center">
        <span aria-hidden="true" className="mb-2 [&_svg]:size-10">
          {icon}
        </span>
        <CardTitle as="h1" className="text-2xl">
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4 text-slate-600">{children}</CardContent>
    </Card>
  );
}
