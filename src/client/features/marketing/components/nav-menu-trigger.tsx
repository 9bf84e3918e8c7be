import { ChevronDown } from 'lucide-react';
import { cn } from '@/client/lib/cn';

export const navItemClass =
  'inline-flex h-9 items-center gap-1 rounded-md px-3 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900 data-[state=open]:bg-slate-100 data-[state=open]:text-slate-900';

/** How the visitor opened a menu: Radix focuses the first item only for the keyboard. */
export type MenuActivation = 'pointer' | 'keyboard';

export function MenuTriggerContent({ label }: { label: string }) {
  return (
    <>
      {label}
      <ChevronDown aria-hidden="true" className="size-4 text-slate-500 transition-transform group-data-[state=open]:rotate-180" />
    </>
  );
}

/**
 * What a menu trigger looks like and announces (a closed menu button) until the menus' module has
 * arrived; opening it, with the pointer or the keyboard as Radix's trigger does, asks for the module.
 */
export function MenuTriggerStandIn({ label, menu, onActivate }: { label: string; menu: string; onActivate: (how: MenuActivation) => void }) {
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      data-nav-menu={menu}
      className={cn(navItemClass, 'group')}
      onPointerDown={(event) => {
        if (event.button !== 0 || event.ctrlKey) return;
        event.preventDefault();
        onActivate('pointer');
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Enter' && event.key !== ' ' && event.key !== 'ArrowDown') return;
        event.preventDefault();
        onActivate('keyboard');
      }}
    >
      <MenuTriggerContent label={label} />
    </button>
  );
}
