// Demo parent: Kavita Sharma follows her son Aarav. The link is made as a real family makes it: Aarav
// creates a one-time code, Kavita enters it.
import type { LinkCodeAnswer, ParentLinksAnswer } from '@academy/contracts';
import type { DemoActivityStep } from './types.js';

export const DEMO_PARENT_EMAIL = 'kavita@demo.academy';
export const DEMO_CHILD_EMAIL = 'aarav@demo.academy';

export const parentLinks: DemoActivityStep = {
  name: 'Kavita Sharma links to her son Aarav with his link code',
  async run(context) {
    const parent = await context.signIn(DEMO_PARENT_EMAIL);
    const { children } = await parent.get<ParentLinksAnswer>('/parents/links');
    if (children.some((child) => child.email === DEMO_CHILD_EMAIL)) return;
    const child = await context.signIn(DEMO_CHILD_EMAIL);
    const { linkCode } = await child.post<{ linkCode: LinkCodeAnswer }>('/parents/link-codes');
    await parent.post('/parents/links', { code: linkCode.code });
    context.log('Kavita Sharma is linked to Aarav Sharma');
  },
};
