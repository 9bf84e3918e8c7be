import { Link } from 'wouter';
import { BrandLogo } from '@/client/components/brand-logo';
import { cn } from '@/client/lib/cn';

/** The product's mark as a home link. */
export function BrandMark({ className, href = '/' }: { className?: string; href?: string }) {
  return (
    <Link href={href} className={cn('inline-flex rounded-md', className)} aria-label="Hireloop home">
      <BrandLogo />
    </Link>
  );
}
