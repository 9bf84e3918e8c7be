export interface Deferred {
  promise: Promise<void>;
  resolve: () => void;
  settled: boolean;
}

/** A promise resolved from outside, which knows whether it was. */
export function deferred(): Deferred {
  const result = { settled: false } as Deferred;
  result.promise = new Promise<void>((resolve) => {
    result.resolve = () => {
      result.settled = true;
      resolve();
    };
  });
  return result;
}
