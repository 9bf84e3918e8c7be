import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChartColumn, PhoneCall, Video, type LucideIcon } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Link } from 'wouter';
import { cn } from '@/client/lib/cn';
import { EXPERIENCE_LEVELS, INDUSTRIES, PRODUCT_LINKS, ROUTES } from '../constants';
import { MenuTriggerContent, navItemClass, type MenuActivation } from './nav-menu-trigger';

// The header's Radix dropdown menus (with Popper, Floating UI and the focus helpers, about 30 KiB
// compressed). site-header.tsx loads this module only once a visitor can use the menus (016).

const PRODUCT_ICONS: Record<string, LucideIcon> = {
  [ROUTES.liveInterview]: Video,
  [ROUTES.phoneScreen]: PhoneCall,
  [ROUTES.interviewReport]: ChartColumn,
};

const menuContentClass =
  'z-50 rounded-xl border border-slate-200 bg-white p-2 text-slate-900 shadow-xl shadow-slate-900/10 outline-none';

export interface NavMenuProps {
  /** The visitor opened the stand-in trigger before this module arrived: open at once, as they asked. */
  openedWith?: MenuActivation | undefined;
  /** The stand-in trigger had the focus: the real one takes it over. */
  hasFocus?: boolean | undefined;
}

function NavMenu({ label, contentClassName, openedWith, hasFocus, children }: NavMenuProps & { label: string; contentClassName: string; children: ReactNode }) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  // Opened from the keyboard before the menu existed: its first item gets the focus, as Radix does for a keypress on its trigger.
  const focusFirstItem = useRef(openedWith === 'keyboard');
  // Only what the stand-in left behind when this replaced it: read once, at mount.
  const takeFocus = useRef(hasFocus === true && openedWith === undefined);
  useEffect(() => {
    if (takeFocus.current) triggerRef.current?.focus();
  }, []);
  return (
    <DropdownMenu.Root modal={false} defaultOpen={openedWith !== undefined}>
      <DropdownMenu.Trigger ref={triggerRef} className={cn(navItemClass, 'group')}>
        <MenuTriggerContent label={label} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={8}
          className={cn(menuContentClass, contentClassName)}
          onFocus={(event) => {
            // Radix focuses the content when it opens; from there the first item, once, if asked.
            if (!focusFirstItem.current || event.target !== event.currentTarget) return;
            focusFirstItem.current = false;
            event.currentTarget.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
          }}
        >
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function ProductMenuItem({ label, href, description }: { label: string; href: string; description: string }) {
  const descriptionId = useId();
  const Icon = PRODUCT_ICONS[href] ?? Video;
  return (
    <DropdownMenu.Item asChild className="flex cursor-pointer gap-3 rounded-lg p-3 outline-none data-[highlighted]:bg-brand-50">
      <Link href={href} aria-describedby={descriptionId}>
        <span aria-hidden="true" className="grid size-9 shrink-0 place-items-center rounded-lg bg-brand-100 text-brand-700">
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

export function ProductMenu(props: NavMenuProps) {
  return (
    <NavMenu label="Product" contentClassName="w-80" {...props}>
      {PRODUCT_LINKS.map((item) => (
        <ProductMenuItem key={item.href} {...item} />
      ))}
    </NavMenu>
  );
}

function UseCaseGroup({ title, items }: { title: string; items: readonly string[] }) {
  const labelId = useId();
  return (
    <DropdownMenu.Group aria-labelledby={labelId} className="flex flex-col">
      <DropdownMenu.Label id={labelId} className="px-2 pt-1 pb-2 text-xs font-semibold tracking-wide text-brand-700 uppercase">
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

export function UseCaseMenu(props: NavMenuProps) {
  return (
    <NavMenu label="Use Case" contentClassName="grid w-[min(92vw,30rem)] grid-cols-2 gap-4 p-3" {...props}>
      <UseCaseGroup title="By Industry" items={INDUSTRIES} />
      <UseCaseGroup title="By Experience" items={EXPERIENCE_LEVELS} />
    </NavMenu>
  );
}
