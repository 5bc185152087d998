// A form's send state: idle, sending, done with the server's message, or failed with its error.
import { useState } from 'react';

type State = { status: 'idle' | 'sending' } | { status: 'done'; message: string } | { status: 'failed'; error: string };

export function useSubmit() {
  const [state, setState] = useState<State>({ status: 'idle' });
  async function run(send: () => Promise<{ message: string }>) {
    setState({ status: 'sending' });
    try {
      const result = await send();
      setState({ status: 'done', message: result.message });
      return true;
    } catch (error) {
      setState({ status: 'failed', error: error instanceof Error ? error.message : String(error) });
      return false;
    }
  }
  return { state, run, fail: (error: string) => setState({ status: 'failed', error }), reset: () => setState({ status: 'idle' }) };
}
