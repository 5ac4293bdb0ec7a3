/** Every route of the web app, in one place. */
export const paths = {
  home: '/',
  auth: '/auth',
  register: '/auth?tab=register',
  acceptInvitation: '/accept-invitation',
  /** Where an emailed reset link leads (query token), signed in or not. */
  resetPassword: '/reset-password',
  profile: '/profile',
  contacts: '/contacts',
  interactions: '/interactions',
  grants: '/grants',
  opportunities: '/opportunities',
  funders: '/funders',
  tasks: '/tasks',
  reports: '/reports',
  /** The company's page (SPEC's Organization). */
  company: '/organization',
} as const;

/** Paths a signed-out visitor is sent to /auth from (SPEC §2.1). */
export const protectedPatterns = [
  '/contacts/*',
  '/interactions/*',
  '/grants/*',
  '/opportunities/*',
  '/funders/*',
  '/tasks/*',
  '/reports/*',
  '/organization/*',
  '/profile/*',
];
