import { ArrowRight } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/client/components/ui/button';
import type { HeroAction } from './product-hero';

interface CtaSectionProps {
  id: string;
  title: string;
  description: string;
  action: HeroAction;
  secondaryAction?: HeroAction;
}

/** Closing call to action: a gradient panel with an h2, a sentence and one or two buttons. */
export function CtaSection({ id, title, description, action, secondaryAction }: CtaSectionProps) {
  const headingId = `${id}-title`;
  return (
    <section id={id} aria-labelledby={headingId} className="px-4 py-20 sm:px-6 sm:py-24 lg:px-8">
      <div className="relative isolate mx-auto max-w-5xl overflow-hidden rounded-3xl bg-linear-to-br from-brand-600 via-brand-700 to-indigo-900 px-6 py-14 text-center shadow-2xl shadow-brand-700/25 sm:px-12 sm:py-16">
        <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
          <div className="absolute -top-24 -left-16 size-72 rounded-full bg-white/10 blur-3xl" />
          <div className="absolute -right-20 -bottom-28 size-80 rounded-full bg-violet-400/20 blur-3xl" />
        </div>
        <h2 id={headingId} className="text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl">
          {title}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg leading-relaxed text-pretty text-brand-50">{description}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button
            asChild
            size="lg"
            className="bg-white text-brand-700 shadow-lg hover:bg-brand-50 focus-visible:outline-white"
          >
            <Link href={action.href}>
              {action.label}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
          {secondaryAction && (
            <Button
              asChild
              size="lg"
              variant="outline"
              className="border-white/40 bg-transparent text-white hover:bg-white/10 focus-visible:outline-white"
            >
              <Link href={secondaryAction.href}>{secondaryAction.label}</Link>
            </Button>
          )}
        </div>
      </div>
    </section>
  );
}
