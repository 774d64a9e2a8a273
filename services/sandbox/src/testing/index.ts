// Public test entry point (`@academy/sandbox/testing`): other packages' tests start the real sandbox through it.
export { DEFAULT_RAZORPAY_OPTIONS } from '../config.js';
export { razorpayClientFor, sdkFailure, type SdkError } from './razorpay-sdk.js';
export { makeTemporaryDataDir, startSandbox, TEST_AUDIENCE, TEST_CLIENT_ID, TEST_PORTAL_ORIGIN, type RunningSandbox } from './sandbox-server.js';
export { startWebhookReceiver, type ReceivedWebhook } from './webhook-receiver.js';
export { MailStore, type ReceivedMail } from '../mail/mail-store.js';
export { startSmtpInbox, type RunningSmtpInbox } from '../mail/smtp-inbox.js';
