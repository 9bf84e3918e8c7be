import { ArrowRight, type LucideIcon } from 'lucide-react';
import { Link } from 'wouter';
import { cn } from '@/client/lib/cn';
import { SectionHeading } from './section-heading';

export interface Feature {
  icon: LucideIcon;
  title: string;
  description: string;
  /** A headline figure shown on the card, e.g. { value: 'Up to 70%', label: 'shorter time-to-hire' }. */
  stat?: { value: string; label: string };
  /** Optional link at the bottom of the card. */
  link?: { href: string; label: string };
}

interface FeatureGridProps {
  id: string;
  title: string;
  eyebrow?: string;
  description?: string;
  features: readonly Feature[];
  /** Background of the section. */
  tone?: 'white' | 'muted';
}

/** A section with an h2 and a responsive grid of feature cards (h3 each). */
export function FeatureGrid({ id, title, eyebrow, description, features, tone = 'white' }: FeatureGridProps) {
  const headingId = `${id}-title`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn('py-20 sm:py-24', tone === 'muted' && 'border-y border-slate-200/70 bg-slate-50')}
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id={headingId} eyebrow={eyebrow} title={title} description={description} />
        <ul
          role="list"
          className={cn(
            'mt-14 grid gap-6 sm:grid-cols-2',
            features.length === 4 ? 'xl:grid-cols-4' : 'lg:grid-cols-3',
          )}
        >
          {features.map((feature) => (
            <li key={feature.title} className="flex">
              <FeatureCard {...feature} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function FeatureCard({ icon: Icon, title, description, stat, link }: Feature) {
  return (
    <article className="group relative flex w-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-lg hover:shadow-slate-900/5">
      <span
        aria-hidden="true"
        className="grid size-11 place-items-center rounded-xl bg-linear-to-br from-brand-50 to-brand-100 text-brand-700 ring-1 ring-brand-100"
      >
        <Icon className="size-5" />
      </span>
      <h3 className="mt-5 text-lg font-semibold text-slate-900">{title}</h3>
      <p className="mt-2 flex-1 leading-relaxed text-slate-600">{description}</p>
      {stat && (
        <p className="mt-5 rounded-xl bg-brand-50 px-4 py-3">
          <span className="block text-2xl font-bold tracking-tight text-brand-700">{stat.value}</span>
          <span className="text-sm text-slate-700">{stat.label}</span>
        </p>
      )}
      {link && (
        <Link
          href={link.href}
          className="mt-5 inline-flex items-center gap-1 self-start rounded-sm text-sm font-semibold text-brand-700 hover:text-brand-600"
        >
          {link.label}
          <ArrowRight aria-hidden="true" className="size-4 transition-transform group-hover:translate-x-0.5" />
        </Link>
      )}
    </article>
  );
}
