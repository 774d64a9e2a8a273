// Frequently asked questions, grouped by who asks them. The answers state the academy's published policies.
export type FaqAudience = 'students' | 'parents';

export interface FaqItem {
  question: string;
  answer: string;
}

export const faqAudiences: readonly { key: FaqAudience; label: string }[] = [
  { key: 'students', label: 'Students' },
  { key: 'parents', label: 'Parents' },
];

export const faqItems: Record<FaqAudience, readonly FaqItem[]> = {
  students: [
    {
      question: 'How long can I keep watching a course after I enrol?',
      answer:
        'For as long as you like: enrolment gives you lifetime access to the course materials, unless the course page says otherwise.',
    },
    {
      question: 'Can I download the video lectures?',
      answer:
        'Video lectures stream inside the portal and cannot be downloaded. Notes and practice tests have their own download links beside each lecture.',
    },
    {
      question: 'How are my quizzes and assignments marked?',
      answer:
        'Quizzes are graded automatically the moment you submit them. Assignments may also be reviewed by a teacher, who adds comments by hand.',
    },
    {
      question: 'When do I receive my certificate?',
      answer:
        'Your certificate of completion is issued once you have finished every module and every assessment in the course.',
    },
    {
      question: 'I picked the wrong course. Can I switch to another one?',
      answer:
        'Switching courses is not possible in general. In special cases our support team can help, so write to us from the Contact page and explain what happened.',
    },
    {
      question: 'I forgot my password. What should I do?',
      answer:
        'Choose "Forgot Password" on the login page and we will email you a link to set a new password.',
    },
    {
      question: 'Where can I see how far I have got?',
      answer:
        'Open My Enrollments: every course shows a progress bar and how many lectures you have completed.',
    },
  ],
  parents: [
    {
      question: 'Is there a refund if the course does not suit my child?',
      answer:
        'Yes. Eligible courses can be refunded within 7 days of purchase. Write to our support team with the order details.',
    },
    {
      question: 'How can I pay for a course?',
      answer: 'You can pay with UPI, a debit or credit card, or net banking.',
    },
    {
      question: 'Is the academy suitable for young children?',
      answer:
        'Our courses are not intended for children under 13. Younger learners may study only alongside a parent or guardian.',
    },
    {
      question: "Can I follow my child's progress?",
      answer:
        "Yes. Create a parent account, then ask your child to open Parent access in their account menu and create a link code (it works once and expires after 24 hours). Enter it under My Children to see each course's progress, lectures completed, last activity, ratings and certificates. Your child can remove the link at any time.",
    },
    {
      question: 'Can I buy a course for my child?',
      answer:
        'Yes. Once your child is linked, open the course and choose Enroll my child. You pay as usual; the course appears in your child\'s My Enrollments, and the receipt is in your name.',
    },
    {
      question: 'Will I get progress updates by email?',
      answer:
        'Linked parents get a weekly progress summary and an email when their child completes a course. You can turn either off under Email settings in My Children.',
    },
    {
      question: 'Will my child be able to ask questions?',
      answer:
        'Yes. Every course includes doubt-solving support through our chat community, and the support team replies to messages within 24 hours.',
    },
    {
      question: 'Does my child get a certificate?',
      answer:
        'A certificate of completion is awarded after all modules and assessments of the course are completed.',
    },
  ],
};
