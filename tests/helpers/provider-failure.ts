// What a provider client's call failed with: the tests of every AI provider's client check that a failure reaches
// the render pipeline as a ProviderError (with its kind and whether it may be retried), never as anything else.
import { expect } from 'vitest';
import { ProviderError } from '#server/engines/http/provider-error';

/** The ProviderError `promise` rejects with; the test fails if it resolves or rejects with anything else. */
export async function providerFailure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}
