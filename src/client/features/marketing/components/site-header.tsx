import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChartColumn, ChevronDown, Menu, PhoneCall, Video, X, type LucideIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '@/client/components/ui/button';
import { cn } from '@/client/lib/cn';
import { EXPERIENCE_LEVELS, INDUSTRIES, PRODUCT_LINKS, ROUTES } from '../constants';
import { BrandLogo } from '@/client/components/brand-logo';

const PRODUCT_ICONS: Record<string, LucideIcon> = {
  [ROUTES.liveInterview]: Video,
  [ROUTES.phoneScreen]: PhoneCall,
  [ROUTES.interviewReport]: ChartColumn,
};

const navItemClass =
  'inline-flex h-9 items-center gap-1 rounded-md px-3 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900 data-[state=open]:bg-slate-100 data-[state=open]:text-slate-900';

const menuContentClass =
  'z-50 rounded-xl border border-slate-200 bg-white p-2 text-slate-900 shadow-xl shadow-slate-900/10 outline-none';

function ProductMenu() {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={cn(navItemClass, 'group')}>
        Product
        <ChevronDown
          aria-hidden="true"
          className="size-4 text-slate-500 transition-transform group-data-[state=open]:rotate-180"
        />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="start" sideOffset={8} className={cn(menuContentClass, 'w-80')}>
          {PRODUCT_LINKS.map((item) => (
            <ProductMenuItem key={item.href} {...item} />
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function ProductMenuItem({ label, href, description }: { label: string; href: string; description: string }) {
  const descriptionId = useId();
  const Icon = PRODUCT_ICONS[href] ?? Video;
  return (
    <DropdownMenu.Item
      asChild
      className="flex cursor-pointer gap-3 rounded-lg p-3 outline-none data-[highlighted]:bg-brand-50"
    >
      <Link href={href} aria-describedby={descriptionId}>
        <span
          aria-hidden="true"
          className="grid size-9 shrink-0 place-items-center rounded-lg bg-brand-100 text-brand-700"
        >
          <Icon className="size-4" />
        </span>
        <span className="flex flex-col">
          <span className="text-sm font-semibold text-slate-900">{label}</span>
          <span id={descriptionId} aria-hidden="true" className="text-xs leading-relaxed text-slate-600">
            {description}
          </span>
        </span>
      </Link>
    </DropdownMenu.Item>
  );
}

function UseCaseGroup({ title, items }: { title: string; items: readonly string[] }) {
  const labelId = useId();
  return (
    <DropdownMenu.Group aria-labelledby={labelId} className="flex flex-col">
      <DropdownMenu.Label
        id={labelId}
        className="px-2 pt-1 pb-2 text-xs font-semibold tracking-wide text-brand-700 uppercase"
      >
        {title}
      </DropdownMenu.Label>
      {items.map((item) => (
        <DropdownMenu.Item
          key={item}
          className="cursor-default rounded-md px-2 py-1.5 text-sm text-slate-700 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-slate-900"
        >
          {item}
        </DropdownMenu.Item>
      ))}
    </DropdownMenu.Group>
  );
}

function UseCaseMenu() {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={cn(navItemClass, 'group')}>
        Use Case
        <ChevronDown
          aria-hidden="true"
          className="size-4 text-slate-500 transition-transform group-data-[state=open]:rotate-180"
        />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={8}
          className={cn(menuContentClass, 'grid w-[min(92vw,30rem)] grid-cols-2 gap-4 p-3')}
        >
          <UseCaseGroup title="By Industry" items={INDUSTRIES} />
          <UseCaseGroup title="By Experience" items={EXPERIENCE_LEVELS} />
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function MobileNav({ id, onNavigate }: { id: string; onNavigate: () => void }) {
  const linkClass =
    'block rounded-md px-3 py-2 text-base font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900';
  return (
    <nav id={id} aria-label="Main" className="border-t border-slate-200 bg-white md:hidden">
      <div className="mx-auto max-w-7xl space-y-6 px-4 py-6 sm:px-6">
        <div>
          <p className="px-3 pb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">Product</p>
          <ul className="space-y-1">
            {PRODUCT_LINKS.map((item) => (
              <li key={item.href}>
                <Link href={item.href} className={linkClass} onClick={onNavigate}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <details className="group rounded-md">
          <summary className="flex cursor-pointer list-none items-center justify-between rounded-md px-3 py-2 text-base font-medium text-slate-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
            Use Case
            <ChevronDown aria-hidden="true" className="size-4 transition-transform group-open:rotate-180" />
          </summary>
          <div className="grid grid-cols-2 gap-4 px-3 pt-3">
            <div>
              <p className="pb-1 text-xs font-semibold tracking-wide text-brand-700 uppercase">By Industry</p>
              <ul className="space-y-1 text-sm text-slate-600">
                {INDUSTRIES.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </div>
            <div>
              <p className="pb-1 text-xs font-semibold tracking-wide text-brand-700 uppercase">By Experience</p>
              <ul className="space-y-1 text-sm text-slate-600">
                {EXPERIENCE_LEVELS.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </div>
          </div>
        </details>
        <Link href={ROUTES.bookDemo} className={linkClass} onClick={onNavigate}>
          Pricing
        </Link>
        <div className="grid gap-3 border-t border-slate-200 pt-6 sm:grid-cols-2">
          <Button asChild variant="outline" size="lg">
            <Link href={ROUTES.auth} onClick={onNavigate}>
              Login
            </Link>
          </Button>
          <Button asChild size="lg">
            <Link href={ROUTES.bookDemo} onClick={onNavigate}>
              Book a Demo
            </Link>
          </Button>
        </div>
      </div>
    </nav>
  );
}

/** Site-wide marketing header: home link, Product and Use Case menus, Pricing, Login and Book a Demo. */
export function SiteHeader() {
  const [isMobileOpen, setIsMobileOpen] = useState(false);
  const mobileNavId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!isMobileOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setIsMobileOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isMobileOpen]);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/85 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link href={ROUTES.home} className="rounded-md" onClick={() => setIsMobileOpen(false)}>
          <BrandLogo />
        </Link>

        <nav aria-label="Main" className="hidden flex-1 items-center justify-between md:flex">
          <div className="ml-6 flex items-center gap-1">
            <ProductMenu />
            <UseCaseMenu />
            <Link href={ROUTES.bookDemo} className={navItemClass}>
              Pricing
            </Link>
          </div>
          <div className="flex items-center gap-2">
            <Button asChild variant="ghost">
              <Link href={ROUTES.auth}>Login</Link>
            </Button>
            <Button asChild className="shadow-sm shadow-brand-700/20">
              <Link href={ROUTES.bookDemo}>Book a Demo</Link>
            </Button>
          </div>
        </nav>

        <Button
          ref={toggleRef}
          type="button"
          variant="ghost"
          size="icon"
          className="md:hidden"
          aria-label={isMobileOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={isMobileOpen}
          aria-controls={isMobileOpen ? mobileNavId : undefined}
          onClick={() => setIsMobileOpen((open) => !open)}
        >
          {isMobileOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
        </Button>
      </div>
      {isMobileOpen && <MobileNav id={mobileNavId} onNavigate={() => setIsMobileOpen(false)} />}
    </header>
  );
}
