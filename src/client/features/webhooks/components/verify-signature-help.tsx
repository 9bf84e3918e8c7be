import { useId } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';

const SNIPPET = `import { createHmac, timingSafeEqual } from 'node:crypto';

// body: the request's raw text, before any JSON parsing.
function isFromHireloop(secret, headers, body) {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  // Refuse old or replayed deliveries (5 minutes either way).
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(\`\${id}.\${timestamp}.\${body}\`).digest();
  // The header may list several "v1,<base64>" signatures, separated by spaces.
  return headers['webhook-signature'].split(' ').some((entry) => {
    const [version, signature] = entry.split(',');
    const given = Buffer.from(signature ?? '', 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
}`;

/** How a receiver checks that a delivery came from this company's Hireloop, unchanged (Standard Webhooks). */
export function VerifySignatureHelp() {
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle as="h2" id={headingId}>
          Verifying a delivery
        </CardTitle>
        <CardDescription>
          Each delivery is a POST of JSON, signed as the Standard Webhooks specification describes (standardwebhooks.com): the headers webhook-id (the
          event&apos;s id, the same on every retry and redelivery: use it to ignore repeats), webhook-timestamp (seconds) and webhook-signature (v1, then
          the base64 HMAC-SHA256 of &quot;id.timestamp.body&quot; keyed by the secret after whsec_, decoded from base64). Answer with any 2xx status
          promptly (within 10 seconds by default); anything else is retried with a growing delay (6 attempts by default), and redirects are not followed.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <p className="text-sm text-slate-700">
          The standardwebhooks libraries (npm, PyPI, Go, Ruby, Java and more) verify it in one call: <code className="font-mono">new Webhook(secret).verify(body, headers)</code>. Or, in Node.js alone:
        </p>
        <pre className="overflow-x-auto rounded-md bg-slate-900 p-3 text-xs leading-relaxed text-slate-100" tabIndex={0} aria-label="Verifying a signature in Node.js">
          <code>{SNIPPET}</code>
        </pre>
      </CardContent>
    </Card>
  );
}
