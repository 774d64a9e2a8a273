import type { DemoApi } from './demo-api.js';

export interface DemoActivityContext {
  /** The public API through the edge, e.g. `http://localhost:8080/api`. */
  apiUrl: string;
  sandboxUrl: string;
  /** Signs a sandbox account in with the demo password, through the hosted login page. */
  signIn(email: string): Promise<DemoApi>;
  log(message: string): void;
}

/** One kind of demo activity. Runs at every start, so it must be idempotent: look before acting. */
export interface DemoActivityStep {
  name: string;
  run(context: DemoActivityContext): Promise<void>;
}
