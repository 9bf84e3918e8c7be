import { cn } from '@/client/lib/cn';

interface SectionHeadingProps {
  /** Id of the h2, for the section's aria-labelledby. */
  id: string;
  title: string;
  eyebrow?: string;
  description?: string;
  align?: 'center' | 'left';
  className?: string;
}

/** Eyebrow, h2 and lead paragraph at the top of a marketing section. */
export function SectionHeading({ id, title, eyebrow, description, align = 'center', className }: SectionHeadingProps) {
  return (
    <div className={cn('max-w-2xl', align === 'center' && 'mx-auto text-center', className)}>
      {eyebrow && <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">{eyebrow}</p>}
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
        {title}
      </h2>
      {description && <p className="mt-4 text-lg leading-relaxed text-pretty text-slate-600">{description}</p>}
    </div>
  );
}
