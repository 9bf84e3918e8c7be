import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { describedBy, FormField } from '@/client/components/form-field';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { Spinner } from '@/client/components/ui/spinner';
import { Textarea } from '@/client/components/ui/textarea';
import { describeError } from '@/client/lib/error-messages';
import type { ApplyResult, PublicApplyPage } from '@/contracts/apply';
import { CONSENT_MESSAGE, COVER_NOTE_MAX, COVER_NOTE_MESSAGE, CV_EXTENSIONS, CV_MAX_BYTES, CV_SIZE_MESSAGE, DEFAULT_APPLY_TIME_ZONE, type ApplyField } from '@/contracts/apply-rules';
import { fieldErrors, useSubmitApplication } from '../api/public-apply';

type Errors = Partial<Record<ApplyField, string>>;

/** The browser's own zone, the form's default (the candidate may choose another). */
function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_APPLY_TIME_ZONE;
  } catch {
    return DEFAULT_APPLY_TIME_ZONE;
  }
}

function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(current) ? known : [current, ...known];
}

/** What the browser can tell before sending; the server checks everything again. */
function checkLocally(form: FormData, kind: PublicApplyPage['kind']): Errors {
  const value = (name: string) => {
    const v = form.get(name);
    return typeof v === 'string' ? v.trim() : '';
  };
  const errors: Errors = {};
  if (!value('candidateName')) errors.candidateName = 'Please enter your name';
  if (kind === 'job' && !value('email')) errors.email = 'Please enter your email address';
  if (kind === 'screening') {
    if (!/^\+\d{1,4}$/.test(value('countryCode'))) errors.countryCode = 'Please choose your country code';
    if (value('phoneNumber').length < 5) errors.phoneNumber = 'Please enter your phone number, digits only';
  }
  if (value('coverNote').length > COVER_NOTE_MAX) errors.coverNote = COVER_NOTE_MESSAGE;
  const cv = form.get('cv');
  if (cv instanceof File && cv.size > CV_MAX_BYTES) errors.cv = CV_SIZE_MESSAGE;
  if (form.get('consent') !== 'true') errors.consent = CONSENT_MESSAGE;
  return errors;
}

/** How long to wait before sending, so that at least `minSeconds` (and a margin) passed since the page loaded. */
function remainingWait(loadedAt: number, minSeconds: number): number {
  return minSeconds * 1000 + 250 - (Date.now() - loadedAt);
}

const FIELD_ORDER: ApplyField[] = ['candidateName', 'email', 'countryCode', 'phoneNumber', 'timeZone', 'coverNote', 'cv', 'consent'];

interface ApplyFormProps {
  page: PublicApplyPage;
  /** When the page (and its form token) arrived, ms. */
  loadedAt: number;
  onApplied: (result: ApplyResult) => void;
}

/**
 * The application form (docs/decisions/035-apply-pages.md): labelled fields, each error under its
 * field and linked to it, the notice and the consent tick, a hidden field for bots, and the
 * signed form token. Sent sooner than the page's minimum time after loading, it waits the rest first.
 */
export function ApplyForm({ page, loadedAt, onApplied }: ApplyFormProps) {
  const id = useId();
  const ids = Object.fromEntries(FIELD_ORDER.map((f) => [f, `${id}-${f}`])) as Record<ApplyField, string>;
  const submit = useSubmitApplication(page.slug);
  const [errors, setErrors] = useState<Errors>({});
  const [isWaiting, setIsWaiting] = useState(false);
  const [noteLength, setNoteLength] = useState(0);
  const zone = useMemo(() => browserTimeZone(), []);
  const zones = useMemo(() => timeZones(zone), [zone]);
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const isScreening = page.kind === 'screening';
  const isBusy = isWaiting || submit.isPending;

  const focusFirst = (found: Errors) => {
    const first = FIELD_ORDER.find((f) => found[f]);
    if (first) document.getElementById(ids[first])?.focus();
    else summaryRef.current?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const cv = form.get('cv');
    if (cv instanceof File && cv.size === 0 && !cv.name) form.delete('cv');
    const local = checkLocally(form, page.kind);
    setErrors(local);
    submit.reset();
    if (Object.keys(local).length > 0) {
      focusFirst(local);
      return;
    }
    // The server refuses a form sent faster than a person could fill it in: wait out the rest.
    const wait = remainingWait(loadedAt, page.minSeconds);
    if (wait > 0) {
      setIsWaiting(true);
      await new Promise((resolve) => setTimeout(resolve, wait));
      setIsWaiting(false);
    }
    submit.mutate(form, {
      onSuccess: onApplied,
      onError: (error) => {
        const found = fieldErrors(error);
        setErrors(found);
        focusFirst(found);
      },
    });
  };

  const field = (name: ApplyField) => ({
    id: ids[name],
    name,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': describedBy(ids[name], { error: errors[name], hint: name === 'countryCode' || name === 'timeZone' || name === 'cv' || name === 'coverNote' }),
  });
  const generalError = submit.isError && Object.keys(fieldErrors(submit.error)).length === 0 ? describeError(submit.error) : null;
  const errorCount = Object.values(errors).filter(Boolean).length;

  return (
    <form ref={formRef} noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-5" aria-describedby={`${id}-required`}>
      <p id={`${id}-required`} className="text-sm text-slate-600">
        Fields marked optional can be left empty.
      </p>
      <div ref={summaryRef} tabIndex={-1} className="outline-none">
        {generalError ? (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {generalError}
          </p>
        ) : errorCount > 0 ? (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {errorCount === 1 ? 'Please correct the field marked below.' : `Please correct the ${errorCount} fields marked below.`}
          </p>
        ) : null}
      </div>
      <input type="hidden" name="formToken" value={page.formToken} />
      <input type="hidden" name="noticeVersion" value={page.notice.version} />
      {/* People never see this field; form-filling bots do, and fill it in (decision 035). */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={`${id}-website`}>Leave this field empty</label>
        <input id={`${id}-website`} type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>

      <FormField id={ids.candidateName} label="Full name" error={errors.candidateName}>
        <Input {...field('candidateName')} autoComplete="name" maxLength={200} />
      </FormField>
      <FormField id={ids.email} label={isScreening ? 'Email (optional)' : 'Email'} error={errors.email}>
        <Input {...field('email')} type="email" autoComplete="email" inputMode="email" maxLength={320} />
      </FormField>
      {isScreening ? (
        <>
          <div className="grid grid-cols-[7rem_1fr] gap-3">
            <FormField id={ids.countryCode} label="Country code" error={errors.countryCode} hint="For example +1 or +44">
              <Input {...field('countryCode')} autoComplete="tel-country-code" inputMode="tel" defaultValue="+" maxLength={5} />
            </FormField>
            <FormField id={ids.phoneNumber} label="Phone number" error={errors.phoneNumber}>
              <Input {...field('phoneNumber')} type="tel" autoComplete="tel-national" inputMode="tel" maxLength={30} />
            </FormField>
          </div>
          <FormField id={ids.timeZone} label="Your time zone" error={errors.timeZone} hint="We call on weekdays between 09:00 and 18:00 in this time zone.">
            <select
              {...field('timeZone')}
              defaultValue={zone}
              className="flex h-10 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 aria-[invalid=true]:border-red-600"
            >
              {zones.map((z) => (
                <option key={z} value={z}>
                  {z.replace(/_/g, ' ')}
                </option>
              ))}
            </select>
          </FormField>
        </>
      ) : null}
      <FormField id={ids.coverNote} label="Cover note (optional)" error={errors.coverNote} hint={`${noteLength.toLocaleString()} of ${COVER_NOTE_MAX.toLocaleString()} characters`}>
        <Textarea {...field('coverNote')} rows={5} maxLength={COVER_NOTE_MAX} onChange={(e) => setNoteLength(e.currentTarget.value.length)} />
      </FormField>
      <FormField id={ids.cv} label="CV (optional)" error={errors.cv} hint="PDF, Word or plain text, at most 5 MB.">
        <input
          {...field('cv')}
          type="file"
          accept={[...CV_EXTENSIONS, 'application/pdf', 'application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'text/plain'].join(',')}
          className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-900"
        />
      </FormField>

      <section aria-labelledby={`${id}-notice`} className="space-y-3 rounded-md border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
        <h2 id={`${id}-notice`} className="text-base font-semibold text-slate-900">
          {page.notice.title}
        </h2>
        {page.notice.sections.map((section) => (
          <div key={section.heading} className="space-y-1">
            <h3 className="font-semibold text-slate-900">{section.heading}</h3>
            <p>{section.text}</p>
          </div>
        ))}
        <p className="text-xs text-slate-600">Notice version {page.notice.version}</p>
      </section>

      <div className="space-y-1.5">
        <div className="flex items-start gap-3">
          <input
            {...field('consent')}
            type="checkbox"
            value="true"
            className="mt-0.5 size-5 shrink-0 accent-brand-600"
          />
          <label htmlFor={ids.consent} className="text-sm text-slate-800">
            {page.consentLabel}
          </label>
        </div>
        {errors.consent ? (
          <p id={`${ids.consent}-error`} role="alert" className="text-sm font-medium text-red-600">
            {errors.consent}
          </p>
        ) : null}
      </div>

      <Button type="submit" className="w-full sm:w-auto" disabled={isBusy}>
        {isBusy ? <Spinner className="size-4" /> : null}
        {isBusy ? 'Sending your application…' : 'Send application'}
      </Button>
    </form>
  );
}
