import { INDUSTRIES } from '../constants';

interface IndustryStripProps {
  id: string;
  title?: string;
}

/** The target industries as a row of chips (no logos). */
export function IndustryStrip({ id, title = 'Built for high-volume hiring in every industry' }: IndustryStripProps) {
  const headingId = `${id}-title`;
  return (
    <section id={id} aria-labelledby={headingId} className="border-y border-slate-200/70 bg-white py-10">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <h2 id={headingId} className="text-center text-sm font-semibold text-slate-600">
          {title}
        </h2>
        <ul role="list" className="mt-5 flex flex-wrap justify-center gap-2.5">
          {INDUSTRIES.map((industry) => (
            <li
              key={industry}
              className="rounded-full border border-slate-200 bg-slate-50 px-4 py-1.5 text-sm font-medium text-slate-700"
            >
              {industry}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
