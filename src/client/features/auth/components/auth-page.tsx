import { ArrowLeft, Bot, LayoutDashboard } from 'lucide-react';
import { useForm, type FieldValues, type Resolver } from 'react-hook-form';
import { Link, useSearch } from 'wouter';
import type { LoginInput, RegisterInput } from '@/contracts/auth';
import { BrandMark } from '@/client/components/brand-mark';
import { describedBy, FormField } from '@/client/components/form-field';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Input } from '@/client/components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/client/components/ui/tabs';
import { useAuth } from '../hooks/use-auth';

// zod and the schemas are a fifth of this page's script (about 30 KiB compressed, and a long task to
// run on a phone) and nothing of it is needed to paint the page: they are asked for when the visitor
// first focuses a field of the forms, and a form checked before they arrive waits for them (decision 050).
const loadResolvers = () => import('../lib/auth-resolvers');
type Resolvers = Awaited<ReturnType<typeof loadResolvers>>;
const lazyResolver =
  <T extends FieldValues>(pick: (resolvers: Resolvers) => Resolver<T>): Resolver<T> =>
  async (values, context, options) =>
    pick(await loadResolvers())(values, context, options);

const loginResolver = lazyResolver<LoginInput>((r) => r.loginResolver);
const registerResolver = lazyResolver<RegisterInput>((r) => r.registerResolver);
const prefetchResolvers = () => {
  loadResolvers().catch(() => undefined); // asked for again when a form is checked
};

function LoginForm() {
  const { loginMutation } = useAuth();
  const form = useForm<LoginInput>({ resolver: loginResolver, defaultValues: { username: '', password: '' } });
  const { errors } = form.formState;
  return (
    <form noValidate className="space-y-4" onSubmit={form.handleSubmit((values) => loginMutation.mutate(values))}>
      <FormField id="login-username" label="Username" error={errors.username?.message}>
        <Input
          id="login-username"
          autoComplete="username"
          aria-invalid={Boolean(errors.username)}
          aria-describedby={describedBy('login-username', { error: errors.username?.message })}
          {...form.register('username')}
        />
      </FormField>
      <FormField id="login-password" label="Password" error={errors.password?.message}>
        <Input
          id="login-password"
          type="password"
          autoComplete="current-password"
          aria-invalid={Boolean(errors.password)}
          aria-describedby={describedBy('login-password', { error: errors.password?.message })}
          {...form.register('password')}
        />
      </FormField>
      <p className="text-right text-sm">
        <Link href="/forgot-password" className="rounded-md font-medium text-brand-700 underline-offset-4 hover:underline">
          Forgot password?
        </Link>
      </p>
      <Button type="submit" className="w-full" disabled={loginMutation.isPending}>
        {loginMutation.isPending ? 'Logging in...' : 'Login'}
      </Button>
    </form>
  );
}

function RegisterForm() {
  const { registerMutation } = useAuth();
  const form = useForm<RegisterInput>({
    resolver: registerResolver,
    defaultValues: { username: '', password: '', companyName: '' },
  });
  const { errors } = form.formState;
  return (
    <form noValidate className="space-y-4" onSubmit={form.handleSubmit((values) => registerMutation.mutate(values))}>
      <FormField id="register-username" label="Username" error={errors.username?.message} hint="Your work email works well as a username.">
        <Input
          id="register-username"
          autoComplete="username"
          aria-invalid={Boolean(errors.username)}
          aria-describedby={describedBy('register-username', { hint: true, error: errors.username?.message })}
          {...form.register('username')}
        />
      </FormField>
      <FormField id="register-password" label="Password" error={errors.password?.message}>
        <Input
          id="register-password"
          type="password"
          autoComplete="new-password"
          aria-invalid={Boolean(errors.password)}
          aria-describedby={describedBy('register-password', { error: errors.password?.message })}
          {...form.register('password')}
        />
      </FormField>
      <FormField id="register-company" label="Company Name" error={errors.companyName?.message}>
        <Input
          id="register-company"
          autoComplete="organization"
          aria-invalid={Boolean(errors.companyName)}
          aria-describedby={describedBy('register-company', { error: errors.companyName?.message })}
          {...form.register('companyName')}
        />
      </FormField>
      <Button type="submit" className="w-full" disabled={registerMutation.isPending}>
        {registerMutation.isPending ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}

export function AuthPage() {
  const search = useSearch();
  const initialTab = new URLSearchParams(search).get('tab') === 'register' ? 'register' : 'login';
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
          <BrandMark />
          <Link href="/" className="inline-flex items-center gap-1 rounded-md text-sm font-medium text-slate-600 hover:text-slate-900">
            <ArrowLeft className="size-4" aria-hidden="true" />
            Back to home
          </Link>
        </div>
      </header>
      <main className="mx-auto grid max-w-6xl gap-10 px-4 py-12 lg:grid-cols-2 lg:items-center">
        <section aria-labelledby="auth-marketing" className="order-2 space-y-6 lg:order-1">
          <h1 id="auth-marketing" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Interview every applicant, and trust every score.
          </h1>
          <div className="flex gap-4 rounded-xl border border-slate-200 bg-white p-5">
            <LayoutDashboard className="mt-1 size-6 shrink-0 text-brand-600" aria-hidden="true" />
            <div>
              <h2 className="font-semibold">Company Dashboard</h2>
              <p className="text-slate-600">Manage all job postings in one place: questions, rubrics, candidates and reports.</p>
            </div>
          </div>
          <div className="flex gap-4 rounded-xl border border-slate-200 bg-white p-5">
            <Bot className="mt-1 size-6 shrink-0 text-brand-600" aria-hidden="true" />
            <div>
              <h2 className="font-semibold">AI Interviews</h2>
              <p className="text-slate-600">An AI interviewer asks your questions, follows up on thin answers and scores against your rubric.</p>
            </div>
          </div>
        </section>
        <Card className="order-1 w-full max-w-md justify-self-center lg:order-2" onFocusCapture={prefetchResolvers}>
          <CardHeader>
            <CardTitle as="h2">Welcome</CardTitle>
            <CardDescription>Sign in to your company account, or create one.</CardDescription>
          </CardHeader>
          <CardContent>
            <Tabs defaultValue={initialTab}>
              <TabsList className="grid w-full grid-cols-2">
                <TabsTrigger value="login">Login</TabsTrigger>
                <TabsTrigger value="register">Register</TabsTrigger>
              </TabsList>
              <TabsContent value="login" className="pt-4">
                <LoginForm />
              </TabsContent>
              <TabsContent value="register" className="pt-4">
                <RegisterForm />
              </TabsContent>
            </Tabs>
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
