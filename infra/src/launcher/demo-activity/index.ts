// Demo activity: after the services start, demo people use the portal through its public API, as real users do.
import type { SpaClient } from '@academy/sandbox/scripted-sign-in';
import { classmatesReview } from './classmates-review.js';
import { classmatesStudy } from './classmates-study.js';
import { classmatesTakeQuizzes } from './classmates-quizzes.js';
import { classmatesAskDoubts } from './classmates-doubts.js';
import { classmatesHandInAssignments } from './classmates-assignments.js';
import { classmatesWatch } from './classmates-watch.js';
import { DemoApi } from './demo-api.js';
import { parentLinks } from './parent-links.js';
import type { DemoActivityContext, DemoActivityStep } from './types.js';

export type { DemoActivityContext, DemoActivityStep } from './types.js';
export { DemoApi, DemoApiError } from './demo-api.js';

/** Every step, in order. A feature with demo people adds its step here. */
export const demoActivitySteps: DemoActivityStep[] = [classmatesStudy, classmatesReview, classmatesTakeQuizzes, classmatesAskDoubts, classmatesHandInAssignments, parentLinks, classmatesWatch];

export async function runDemoActivity(options: {
  portalUrl: string;
  sandboxUrl: string;
  /** The portal's single-page app as registered at the sandbox (the runtime config's Auth0 client). */
  client: SpaClient;
  password: string;
  log: (message: string) => void;
  steps?: DemoActivityStep[];
}): Promise<void> {
  const apiUrl = `${options.portalUrl}/api`;
  const context: DemoActivityContext = {
    apiUrl,
    sandboxUrl: options.sandboxUrl,
    log: options.log,
    signIn: (email) =>
      DemoApi.signIn({
        apiUrl,
        sandboxUrl: options.sandboxUrl,
        client: options.client,
        email,
        password: options.password,
      }),
  };
  for (const step of options.steps ?? demoActivitySteps) {
    options.log(`demo activity: ${step.name}`);
    await step.run(context);
  }
}
