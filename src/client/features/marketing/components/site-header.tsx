import { ChevronDown, Menu, X } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState, type RefObject } from 'react';
import { Link } from 'wouter';
import { Button } from '@/client/components/ui/button';
import { EXPERIENCE_LEVELS, INDUSTRIES, PRODUCT_LINKS, ROUTES } from '../constants';
import { MenuTriggerStandIn, navItemClass, type MenuActivation } from './nav-menu-trigger';
import { BrandLogo } from '@/client/components/brand-logo';

const loadNavMenus = () => import('./nav-menus');
type NavMenus = Awaited<ReturnType<typeof loadNavMenus>>;
type MenuName = 'product' | 'use-case';

/**
 * The desktop menus' Radix code is not part of the page's first load (a phone, where the desktop
 * navigation is hidden, never needs it): it is fetched at the first sign of a visitor on a wide
 * screen (pointer, keyboard, focus), or when a stand-in trigger is opened, which the real menu then
 * opens as asked.
 */
function useNavMenus(nav: RefObject<HTMLElement | null>) {
  const [menus, setMenus] = useState<{ module: NavMenus; focused: string | null } | null>(null);
  const [opened, setOpened] = useState<{ menu: MenuName; how: MenuActivation } | null>(null);
  const isLoading = useRef(false);
  const load = useCallback(() => {
    if (isLoading.current) return;
    isLoading.current = true;
    loadNavMenus().then(
      (module) => setMenus({ module, focused: document.activeElement?.getAttribute('data-nav-menu') ?? null }),
      () => {
        isLoading.current = false; // the stand-ins stay; the next sign of use tries again
      },
    );
  }, []);
  useEffect(() => {
    if (menus) return;
    const events = ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'focusin'] as const;
    const stop = () => events.forEach((name) => window.removeEventListener(name, onSign, true));
    function onSign() {
      if (!nav.current || nav.current.getClientRects().length === 0) return; // hidden: a small screen
      stop();
      load();
    }
    events.forEach((name) => window.addEventListener(name, onSign, { capture: true, passive: true }));
    return stop;
  }, [menus, load, nav]);
  const open = (menu: MenuName) => (how: MenuActivation) => {
    setOpened({ menu, how });
    load();
  };
  return { menus, opened, open };
}

function DesktopMenus({ nav }: { nav: RefObject<HTMLElement | null> }) {
  const { menus, opened, open } = useNavMenus(nav);
  if (!menus) {
    return (
      <>
        <MenuTriggerStandIn label="Product" menu="product" onActivate={open('product')} />
        <MenuTriggerStandIn label="Use Case" menu="use-case" onActivate={open('use-case')} />
      </>
    );
  }
  const { ProductMenu, UseCaseMenu } = menus.module;
  return (
    <>
      <ProductMenu openedWith={opened?.menu === 'product' ? opened.how : undefined} hasFocus={menus.focused === 'product'} />
      <UseCaseMenu openedWith={opened?.menu === 'use-case' ? opened.how : undefined} hasFocus={menus.focused === 'use-case'} />
    </>
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
  const desktopNav = useRef<HTMLElement>(null);

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

        <nav ref={desktopNav} aria-label="Main" className="hidden flex-1 items-center justify-between md:flex">
          <div className="ml-6 flex items-center gap-1">
            <DesktopMenus nav={desktopNav} />
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
