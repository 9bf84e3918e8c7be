import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, CalendarClock, CircleCheck, LoaderCircle, Rocket, Sparkles } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { FieldError } from '@/client/components/ui/form-message';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { Textarea } from '@/client/components/ui/textarea';
import { toast } from '@/client/components/ui/use-toast';
import { demoRequestInput, type DemoRequestInput } from '@/contracts/demo-request';
import { useCreateDemoRequest, type DemoRequestValues } from '../api/create-demo-request';
import { ROUTES } from '../constants';
import { useDocumentTitle } from '@/client/hooks/use-document-title';
import { BrandLogo } from '@/client/components/brand-logo';
import { HeroBackdrop } from './product-hero';
import { SkipLink } from './marketing-layout';
import { SiteFooter } from './site-footer';

const BENEFITS = [
  {
    icon: Sparkles,
    title: 'A demo customized to you',
    description: 'We tailor the walkthrough to your roles, your hiring volume and the way your team evaluates candidates.',
  },
  {
    icon: Rocket,
    title: 'Quick implementation',
    description: 'Go from first call to your first AI interviews in days, with no software to install for you or your candidates.',
  },
  {
    icon: CalendarClock,
    title: 'Flexible scheduling',
    description: 'Pick a time that works for you. We schedule demos across time zones.',
  },
] as const;

const DEFAULT_VALUES: DemoRequestInput = {
  fullName: '',
  email: '',
  companyName: '',
  phoneNumber: '',
  message: '',
};

/** The demo request page ('/book-demo'): the request form, then a thank-you view once it is sent. */
export function BookDemoPage() {
  useDocumentTitle('Book a Demo — Hireloop');
  const mutation = useCreateDemoRequest({
    onSuccess: () => {
      toast({ title: 'Request Received', description: "We'll contact you shortly to schedule your demo." });
    },
    // A non-ok answer and a network failure both land here; the form keeps what was typed.
    onError: () => {
      toast({
        title: 'Submission Failed',
        description: 'There was a problem submitting your request. Please try again.',
        variant: 'destructive',
      });
    },
  });

  return (
    <div className="flex min-h-screen flex-col bg-white text-slate-900">
      <SkipLink />
      <header className="border-b border-slate-200/80 bg-white/85 backdrop-blur-md">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
          <Link href={ROUTES.home} className="rounded-md">
            <BrandLogo />
          </Link>
          <Button asChild variant="ghost">
            <Link href={ROUTES.home}>
              <ArrowLeft aria-hidden="true" />
              Back to home
            </Link>
          </Button>
        </div>
      </header>

      <main id="main-content" tabIndex={-1} className="relative isolate flex-1 overflow-hidden focus:outline-none">
        <HeroBackdrop />
        <div className="mx-auto grid max-w-7xl items-start gap-12 px-4 py-16 sm:px-6 lg:grid-cols-[1fr_minmax(0,32rem)] lg:gap-16 lg:px-8 lg:py-24">
          <div className="lg:pt-6">
            <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">Book a Demo</p>
            <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl">
              See how Hireloop can interview every applicant
            </h1>
            <p className="mt-6 max-w-xl text-lg leading-relaxed text-pretty text-slate-600">
              Tell us a little about your hiring and we’ll show you live AI interviews, phone screening and interview
              reports working on roles like yours.
            </p>
            <ul role="list" className="mt-10 space-y-6">
              {BENEFITS.map(({ icon: Icon, title, description }) => (
                <li key={title} className="flex gap-4">
                  <span
                    aria-hidden="true"
                    className="grid size-11 shrink-0 place-items-center rounded-xl bg-white text-brand-700 shadow-sm ring-1 ring-brand-100"
                  >
                    <Icon className="size-5" />
                  </span>
                  <div>
                    <p className="font-semibold text-slate-900">{title}</p>
                    <p className="mt-1 leading-relaxed text-slate-600">{description}</p>
                  </div>
                </li>
              ))}
            </ul>
          </div>

          <Card className="rounded-2xl shadow-xl shadow-slate-900/5">
            {mutation.isSuccess ? (
              <DemoRequestReceived />
            ) : (
              <DemoRequestForm isPending={mutation.isPending} onSubmit={(values) => mutation.mutate(values)} />
            )}
          </Card>
        </div>
      </main>

      <SiteFooter />
    </div>
  );
}

interface DemoRequestFormProps {
  isPending: boolean;
  onSubmit: (values: DemoRequestValues) => void;
}

function DemoRequestForm({ isPending, onSubmit }: DemoRequestFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<DemoRequestInput, unknown, DemoRequestValues>({
    resolver: zodResolver(demoRequestInput),
    defaultValues: DEFAULT_VALUES,
  });

  return (
    <>
      <CardHeader>
        <CardTitle as="h2" className="text-2xl">
          Request Your Demo
        </CardTitle>
        <CardDescription>Fill in your details and we’ll be in touch to find a time.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate className="space-y-5" onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
          <div className="grid gap-5 sm:grid-cols-2">
            <div className="space-y-2">
              <Label htmlFor="demo-full-name">
                Full Name
                <span aria-hidden="true" className="text-red-600">
                  {' '}
                  *
                </span>
              </Label>
              <Input
                id="demo-full-name"
                autoComplete="name"
                aria-required="true"
                aria-invalid={errors.fullName ? true : undefined}
                aria-describedby={errors.fullName ? 'demo-full-name-error' : undefined}
                {...register('fullName')}
              />
              <FieldError id="demo-full-name-error" message={errors.fullName?.message} />
            </div>
            <div className="space-y-2">
              <Label htmlFor="demo-email">
                Work Email
                <span aria-hidden="true" className="text-red-600">
                  {' '}
                  *
                </span>
              </Label>
              <Input
                id="demo-email"
                type="email"
                autoComplete="email"
                aria-required="true"
                aria-invalid={errors.email ? true : undefined}
                aria-describedby={errors.email ? 'demo-email-error' : undefined}
                {...register('email')}
              />
              <FieldError id="demo-email-error" message={errors.email?.message} />
            </div>
            <div className="space-y-2">
              <OptionalLabel htmlFor="demo-company-name">Company Name</OptionalLabel>
              <Input
                id="demo-company-name"
                autoComplete="organization"
                aria-invalid={errors.companyName ? true : undefined}
                aria-describedby={errors.companyName ? 'demo-company-name-error' : undefined}
                {...register('companyName')}
              />
              <FieldError id="demo-company-name-error" message={errors.companyName?.message} />
            </div>
            <div className="space-y-2">
              <OptionalLabel htmlFor="demo-phone-number">Phone Number</OptionalLabel>
              <Input
                id="demo-phone-number"
                type="tel"
                autoComplete="tel"
                aria-invalid={errors.phoneNumber ? true : undefined}
                aria-describedby={errors.phoneNumber ? 'demo-phone-number-error' : undefined}
                {...register('phoneNumber')}
              />
              <FieldError id="demo-phone-number-error" message={errors.phoneNumber?.message} />
            </div>
          </div>
          <div className="space-y-2">
            <OptionalLabel htmlFor="demo-message">Message</OptionalLabel>
            <Textarea
              id="demo-message"
              rows={4}
              placeholder="Tell us about the roles you’re hiring for"
              aria-invalid={errors.message ? true : undefined}
              aria-describedby={errors.message ? 'demo-message-error' : undefined}
              {...register('message')}
            />
            <FieldError id="demo-message-error" message={errors.message?.message} />
          </div>
          <Button type="submit" size="lg" className="w-full" disabled={isPending}>
            {isPending ? (
              <>
                <LoaderCircle aria-hidden="true" className="animate-spin" />
                Submitting...
              </>
            ) : (
              'Request Demo'
            )}
          </Button>
          <p className="text-center text-xs text-slate-500">
            Fields marked <span aria-hidden="true">*</span>
            <span className="sr-only">with an asterisk</span> are required.
          </p>
        </form>
      </CardContent>
    </>
  );
}

function OptionalLabel({ htmlFor, children }: { htmlFor: string; children: string }) {
  return (
    <div className="flex items-baseline justify-between gap-2">
      <Label htmlFor={htmlFor}>{children}</Label>
      <span className="text-xs text-slate-500">Optional</span>
    </div>
  );
}

function DemoRequestReceived() {
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The form this replaces held the focus: move it to the confirmation so it is announced.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <CardContent className="flex flex-col items-center px-6 py-12 text-center sm:px-10">
      <span aria-hidden="true" className="grid size-16 place-items-center rounded-full bg-emerald-50 ring-8 ring-emerald-50/50">
        <CircleCheck className="size-9 text-emerald-600" />
      </span>
      <h2 ref={headingRef} tabIndex={-1} className="mt-6 text-3xl font-bold tracking-tight text-slate-900 focus:outline-none">
        Thank You!
      </h2>
      <p className="mt-2 text-lg font-semibold text-brand-700">Demo Request Received</p>
      <p className="mt-4 max-w-sm leading-relaxed text-slate-600">
        We’ve received your request. A member of our team will contact you shortly to schedule your demo.
      </p>
      <Button asChild size="lg" className="mt-8">
        <Link href={ROUTES.home}>Return to Home</Link>
      </Button>
    </CardContent>
  );
}
