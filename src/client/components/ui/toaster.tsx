import {
  Toast,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
} from '@/client/components/ui/toast';
import { useToast } from '@/client/components/ui/use-toast';

/** Mount once near the app root; renders toasts created with `toast()`. */
export function Toaster() {
  const { toasts } = useToast();
  return (
    <ToastProvider duration={5000} swipeDirection="right" swipeThreshold={50}>
      {toasts.map(({ id, title, description, action, ...props }) => (
        <Toast key={id} {...props}>
          <div className="grid gap-1">
            {title ? <ToastTitle>{title}</ToastTitle> : null}
            {description ? <ToastDescription>{description}</ToastDescription> : null}
          </div>
          {action}
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport hotkey={['F8']} />
    </ToastProvider>
  );
}
