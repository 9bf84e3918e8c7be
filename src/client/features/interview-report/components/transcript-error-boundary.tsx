import { Component, type ReactNode } from 'react';

interface TranscriptErrorBoundaryProps {
  /** The transcript, shown as JSON when the readable view fails. */
  raw: unknown;
  children: ReactNode;
}

/** If the transcript view throws, the rest of the report stays up and the stored value is shown instead. */
export class TranscriptErrorBoundary extends Component<TranscriptErrorBoundaryProps, { hasFailed: boolean }> {
  state = { hasFailed: false };

  static getDerivedStateFromError(): { hasFailed: boolean } {
    return { hasFailed: true };
  }

  render() {
    if (!this.state.hasFailed) return this.props.children;
    return (
      <div className="space-y-2">
        <p className="text-sm font-medium text-red-700">Error displaying transcript. Raw format:</p>
        <RawBlock value={this.props.raw} label="Raw transcript" />
      </div>
    );
  }
}

/** A value as text: a string as it is (the server's text of a transcript it could not read), anything else as indented JSON. */
export function RawBlock({ value, label }: { value: unknown; label: string }) {
  return (
    <pre
      aria-label={label}
      tabIndex={0}
      className="max-h-96 overflow-auto rounded-md bg-slate-900 p-4 font-mono text-xs whitespace-pre-wrap text-slate-100"
    >
      {typeof value === 'string' ? value : JSON.stringify(value, null, 2)}
    </pre>
  );
}
