import { ArrowRight, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Button } from '@/client/components/ui/button';
import { cn } from '@/client/lib/cn';

export interface HeroAction {
  label: string;
  href: string;
  /** An icon before the label. */
  icon?: LucideIcon;
}

export interface HeroHighlight {
  value: string;
  label: string;
}

interface ProductHeroProps {
  eyebrow: string;
  icon: LucideIcon;
  title: string;
  /** Larger title for the home page. */
  size?: 'default' | 'large';
  description: string;
  /** The book-a-demo button. */
  primaryAction: HeroAction;
  /** The sign-up button. */
  secondaryAction: HeroAction;
  highlights?: readonly HeroHighlight[];
  /** Illustration shown beside the text on large screens. */
  visual?: ReactNode;
}

/** Hero of a product page: eyebrow, h1, lead, two calls to action, optional highlights and illustration. */
export function ProductHero({
  eyebrow,
  icon: Icon,
  title,
  size = 'default',
  description,
  primaryAction,
  secondaryAction,
  highlights,
  visual,
}: ProductHeroProps) {
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden">
      <HeroBackdrop />
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 pt-16 pb-20 sm:px-6 lg:grid-cols-2 lg:px-8 lg:pt-24 lg:pb-28">
        <div className="min-w-0">
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-100 bg-white/80 px-3 py-1 text-sm font-medium text-brand-700 shadow-sm">
            <Icon aria-hidden="true" className="size-4" />
            {eyebrow}
          </p>
          <h1
            id="hero-title"
            className={cn(
              'mt-6 font-bold tracking-tight text-balance text-slate-900',
              size === 'large' ? 'text-4xl sm:text-5xl xl:text-6xl' : 'text-4xl sm:text-5xl',
            )}
          >
            {title}
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-pretty text-slate-600">{description}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg" className="shadow-md shadow-brand-700/20">
              <Link href={primaryAction.href}>
                {primaryAction.label}
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <SecondaryHeroButton action={secondaryAction} />
          </div>
          {highlights && highlights.length > 0 && (
            <dl className="mt-10 grid max-w-xl grid-cols-3 gap-2 sm:gap-4">
              {highlights.map((item) => (
                <div key={item.label} className="flex flex-col rounded-xl border border-slate-200 bg-white/80 px-3 py-3 shadow-sm sm:px-4">
                  <dt className="text-xs font-medium text-slate-600">{item.label}</dt>
                  <dd className="order-first text-lg font-bold tracking-tight text-brand-700 sm:text-2xl">{item.value}</dd>
                </div>
              ))}
            </dl>
          )}
        </div>
        {visual && <div className="relative min-w-0">{visual}</div>}
      </div>
    </section>
  );
}

function SecondaryHeroButton({ action: { href, label, icon: Icon } }: { action: HeroAction }) {
  return (
    <Button asChild size="lg" variant="outline">
      <Link href={href}>
        {Icon ? <Icon aria-hidden="true" className="text-brand-600" /> : null}
        {label}
      </Link>
    </Button>
  );
}

/** Soft gradient and blurred colour fields behind a hero. Decorative only. */
export function HeroBackdrop() {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
      <div className="absolute inset-0 bg-linear-to-b from-brand-50 via-white to-white" />
      <div className="absolute -top-32 left-1/2 size-[36rem] -translate-x-1/2 rounded-full bg-brand-100/70 blur-3xl sm:left-1/4" />
      <div className="absolute top-24 -right-24 size-[28rem] rounded-full bg-violet-100/60 blur-3xl" />
      <div className="absolute inset-0 bg-[radial-gradient(circle_at_1px_1px,rgb(148_163_184/0.25)_1px,transparent_0)] [mask-image:linear-gradient(to_bottom,black,transparent_70%)] bg-[size:24px_24px]" />
    </div>
  );
}
