import * as React from 'react';
import type { ToastActionElement, ToastProps } from '@/client/components/ui/toast';

/** Only one toast is visible at a time: a new toast replaces the current one. */
export const TOAST_LIMIT = 1;
/** How long a dismissed toast stays in the store (closed) before it is removed. */
const TOAST_REMOVE_DELAY = 1000;

export type ToasterToast = Omit<ToastProps, 'title'> & {
  id: string;
  title?: React.ReactNode;
  description?: React.ReactNode;
  action?: ToastActionElement;
};

export type ToastInput = Omit<ToasterToast, 'id'>;

export interface ToastHandle {
  id: string;
  dismiss: () => void;
  update: (props: Partial<ToastInput>) => void;
}

type Listener = (toasts: ToasterToast[]) => void;

let toastsState: ToasterToast[] = [];
const listeners = new Set<Listener>();
const removeTimeouts = new Map<string, ReturnType<typeof setTimeout>>();
let count = 0;

function genId(): string {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  return `toast-${count}`;
}

function setToasts(next: ToasterToast[]): void {
  toastsState = next;
  for (const listener of listeners) listener(toastsState);
}

function clearRemoveTimeout(id: string): void {
  const timeout = removeTimeouts.get(id);
  if (timeout !== undefined) {
    clearTimeout(timeout);
    removeTimeouts.delete(id);
  }
}

function scheduleRemove(id: string): void {
  if (removeTimeouts.has(id)) return;
  removeTimeouts.set(
    id,
    setTimeout(() => {
      removeTimeouts.delete(id);
      setToasts(toastsState.filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY),
  );
}

/** Close one toast (by id) or all toasts. */
export function dismissToast(id?: string): void {
  const targets = toastsState.filter((t) => id === undefined || t.id === id);
  if (targets.length === 0) return;
  for (const t of targets) scheduleRemove(t.id);
  setToasts(toastsState.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
}

function updateToast(id: string, props: Partial<ToastInput>): void {
  if (!toastsState.some((t) => t.id === id)) return;
  setToasts(toastsState.map((t) => (t.id === id ? { ...t, ...props, id } : t)));
}

/** Show a toast. Callable anywhere, including outside React (the `<Toaster />` must be mounted to see it). */
export function toast(props: ToastInput): ToastHandle {
  const id = genId();
  const { onOpenChange } = props;
  const entry: ToasterToast = {
    ...props,
    id,
    open: true,
    onOpenChange: (open) => {
      onOpenChange?.(open);
      if (!open) dismissToast(id);
    },
  };
  const next = [entry, ...toastsState];
  for (const dropped of next.slice(TOAST_LIMIT)) clearRemoveTimeout(dropped.id);
  setToasts(next.slice(0, TOAST_LIMIT));
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (update) => updateToast(id, update),
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function getSnapshot(): ToasterToast[] {
  return toastsState;
}

export function useToast(): {
  toasts: ToasterToast[];
  toast: typeof toast;
  dismiss: typeof dismissToast;
} {
  const toasts = React.useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { toasts, toast, dismiss: dismissToast };
}
