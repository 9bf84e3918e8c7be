import { ListChecks, Phone, Plus } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/client/components/ui/button';
import { Spinner } from '@/client/components/ui/spinner';
import { describeError } from '@/client/lib/error-messages';
import { useCan } from '@/client/hooks/use-company-role';
import { usePhoneScreenings } from '../api/get-phone-screenings';

const questionCount = (n: number) => `${n} ${n === 1 ? 'question' : 'questions'}`;

/** The dashboard's phone screenings: a 'New Phone Screening' link and one card per screening. */
export function PhoneScreeningsSection() {
  const { data: screenings, isLoading, error } = usePhoneScreenings();
  const canCreate = useCan('recruiter');
  return (
    <section aria-labelledby="screenings-heading" className="space-y-4">
      <div className="flex items-center justify-between gap-4">
        <h2 id="screenings-heading" className="text-xl font-semibold">
          Phone Screenings
        </h2>
        {canCreate ? (
        <Button asChild>
          <Link href="/phone-screening/new">
            <Plus aria-hidden="true" />
            New Phone Screening
          </Link>
        </Button>
        ) : null}
      </div>
      {isLoading ? (
        <div className="flex justify-center p-10">
          <Spinner className="size-6" label="Loading phone screenings" />
        </div>
      ) : error ? (
        <p role="alert" className="text-sm text-red-600">
          Could not load phone screenings. {describeError(error)}
        </p>
      ) : !screenings?.length ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center text-sm text-slate-500">
          No phone screenings created yet
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {screenings.map((screening) => (
            <li key={screening.id}>
              <Link
                href={`/phone-screening/${screening.id}`}
                className="flex h-full flex-col gap-2 rounded-lg border border-slate-200 bg-white p-5 shadow-sm transition-colors hover:border-brand-500 hover:bg-brand-50/40"
              >
                <h3 className="flex items-center gap-2 font-semibold text-slate-900">
                  <Phone className="size-4 shrink-0 text-brand-600" aria-hidden="true" />
                  <span className="truncate">{screening.jobTitle || 'Phone Screening'}</span>
                </h3>
                <p className="line-clamp-3 flex-1 text-sm text-slate-600">
                  {screening.jobDescription || 'Candidate phone screening interview'}
                </p>
                <p className="flex items-center gap-1.5 text-xs font-medium text-slate-500">
                  <ListChecks className="size-3.5" aria-hidden="true" />
                  {questionCount(screening.questions.length)}
                </p>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
