/**
 * Demo classmates: not offered on the sign-in page, but they sign in with their email and the demo password. The
 * launcher signs them in and has them buy, study and rate courses through the portal's API, so the demo courses
 * show figures that real records back (docs/demo-data.md). Exported as `@academy/sandbox/demo-classmates`.
 */
export interface DemoClassmate {
  subject: string;
  avatarId: string;
  name: string;
  email: string;
  role: 'student';
  isDemo: true;
}

export const DEMO_CLASSMATES: readonly DemoClassmate[] = [
  ['ishaan', 'Ishaan Verma'],
  ['ananya', 'Ananya Reddy'],
  ['kabir', 'Kabir Singh'],
  ['meher', 'Meher Kaur'],
  ['rohan', 'Rohan Das'],
  ['sneha', 'Sneha Nair'],
  ['tara', 'Tara Menon'],
  ['vivaan', 'Vivaan Gupta'],
].map(([id, name]) => ({ subject: `sandbox|student-${id}`, avatarId: `student-${id}`, name: name!, email: `${id}@demo.academy`, role: 'student', isDemo: true }));
