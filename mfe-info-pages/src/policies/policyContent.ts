// Text of the Terms & Conditions and Privacy Policy pages.
export interface PolicySection {
  title: string;
  content: string;
}

export interface PolicyDocument {
  title: string;
  summary: string;
  sections: readonly PolicySection[];
}

export const termsAndConditions: PolicyDocument = {
  title: 'Terms & Conditions',
  summary: 'The rules that apply when you create an account, buy a course or learn with the Academy.',
  sections: [
    {
      title: 'Who may use the portal',
      content:
        'The portal is meant for learners aged 13 and over. Younger children may learn only with a parent or guardian who accepts these terms for them.',
    },
    {
      title: 'Your account',
      content:
        'Keep your sign-in details to yourself; activity on your account is treated as yours. If you forget your password, use "Forgot Password" on the login page and we will email you a reset link.',
    },
    {
      title: 'Buying a course',
      content:
        'Prices are shown in Indian rupees after any discount. You can pay with UPI, a debit or credit card, or net banking. Access starts as soon as the payment is confirmed.',
    },
    {
      title: 'Refunds',
      content:
        'Eligible courses can be refunded within 7 days of purchase. Contact support with your order details; refunds go back to the original payment method.',
    },
    {
      title: 'Access to course material',
      content:
        'Enrolment gives lifetime access to the course materials unless the course page says otherwise. Video lectures are streamed and may not be downloaded, copied or shared.',
    },
    {
      title: 'Changing courses',
      content:
        'Courses cannot be exchanged for one another, except in special cases agreed with our support team.',
    },
    {
      title: 'Assessments and certificates',
      content:
        'Quizzes are graded automatically; assignments may be reviewed by a teacher. A certificate of completion is issued after every module and assessment of a course is complete.',
    },
    {
      title: 'Behaviour in the community',
      content:
        'Be kind and honest in doubt-solving chats. We may remove messages or suspend accounts that harass others or share course material outside the Academy.',
    },
  ],
};

export const privacyPolicy: PolicyDocument = {
  title: 'Privacy Policy',
  summary: 'What we collect about you, why we need it and the choices you have.',
  sections: [
    {
      title: 'What we collect',
      content:
        'Your name, email address and profile picture from sign-in; the courses you buy; your lecture progress and ratings; and anything you send us through the contact or newsletter forms.',
    },
    {
      title: 'Why we collect it',
      content:
        'To give you access to your courses, remember where you stopped, issue certificates, answer your questions and, if you subscribed, send you our newsletter.',
    },
    {
      title: 'Payments',
      content:
        'Card, UPI and net-banking details are handled by our payment provider. We never see or store your full card number.',
    },
    {
      title: 'Who we share it with',
      content:
        'Only with the services that help us run the Academy (sign-in, payments, form delivery and hosting), and only as much as each needs. We do not sell personal data.',
    },
    {
      title: 'Children',
      content:
        'The portal is not intended for children under 13, and we do not knowingly collect their data without a parent or guardian.',
    },
    {
      title: 'How long we keep it',
      content:
        'Account and progress data are kept while your account is open. Messages sent through the contact form are deleted after they have been answered and a year has passed.',
    },
    {
      title: 'Your choices',
      content:
        'You can ask for a copy of your data, correct it, or ask us to delete your account by writing to us from the Contact page. Every newsletter has an unsubscribe link.',
    },
  ],
};
