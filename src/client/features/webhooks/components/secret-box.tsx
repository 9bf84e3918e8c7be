import { Check, Copy } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { toast } from '@/client/components/ui/use-toast';

/** The signing secret in full, with a copy button; shown on demand and after creating or rolling it. */
export function SecretBox({ secret, note }: { secret: string; note: string }) {
  const id = useId();
  const [isCopied, setIsCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    // navigator.clipboard is missing outside secure contexts (plain http on another host).
    const clipboard = navigator.clipboard as Clipboard | undefined;
    try {
      if (!clipboard) throw new Error('no clipboard');
      await clipboard.writeText(secret);
      setIsCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setIsCopied(false), 2_000);
    } catch {
      toast({ title: 'Not copied', description: 'The browser did not allow copying: select the secret and copy it yourself.', variant: 'destructive' });
    }
  };

  return (
    <div className="space-y-2 rounded-md border border-slate-200 bg-slate-50 p-3">
      <p id={`${id}-label`} className="text-sm font-medium text-slate-900">
        Signing secret
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <code aria-labelledby={`${id}-label`} className="min-w-0 flex-1 rounded bg-white px-2 py-1 font-mono text-sm break-all text-slate-900" data-testid="webhook-secret">
          {secret}
        </code>
        <Button type="button" variant="outline" size="sm" onClick={() => void copy()}>
          {isCopied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {isCopied ? 'Copied' : 'Copy secret'}
        </Button>
      </div>
      <p className="text-sm text-slate-600">{note}</p>
    </div>
  );
}
