import { SectionHeading } from './section-heading';

export interface Step {
  title: string;
  description: string;
}

interface StepListProps {
  id: string;
  title: string;
  eyebrow?: string;
  description?: string;
  steps: readonly Step[];
}

/** A 'how it works' section: an h2 and a numbered, ordered list of steps drawn as a timeline. */
export function StepList({ id, title, eyebrow, description, steps }: StepListProps) {
  const headingId = `${id}-title`;
  return (
    <section id={id} aria-labelledby={headingId} className="py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id={headingId} eyebrow={eyebrow} title={title} description={description} />
        <ol role="list" className="mx-auto mt-14 max-w-3xl">
          {steps.map((step, index) => (
            <li key={step.title} className="relative flex gap-5 pb-10 last:pb-0">
              {index < steps.length - 1 && (
                <span aria-hidden="true" className="absolute top-12 bottom-2 left-6 w-px -translate-x-1/2 bg-brand-100" />
              )}
              <span
                aria-hidden="true"
                className="relative grid size-12 shrink-0 place-items-center rounded-full bg-linear-to-br from-brand-500 to-brand-700 text-lg font-semibold text-white shadow-md shadow-brand-700/20"
              >
                {index + 1}
              </span>
              <div className="pt-2.5">
                <h3 className="text-lg font-semibold text-slate-900">{step.title}</h3>
                <p className="mt-1.5 leading-relaxed text-slate-600">{step.description}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
